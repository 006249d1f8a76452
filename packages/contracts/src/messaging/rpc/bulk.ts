import { z } from 'zod';
import { ACCESS_FORBIDDEN } from '../../access/permissions.js';
import { defineRpc, type MultipartBinding } from '../../define.js';
import { IdRefSchema, limits, portfolioMessages, requiredBody, requiredLine, requiredText, SelectedLocationSchema } from '../../portfolio/validation.js';
import { isEmailAddress, rawText, textPattern, withTrimmedPattern } from '../../text.js';
import { messagingLimits } from '../inbound.js';
import { outboundLimits } from '../outbound.js';
import { NO_ADDRESS_TO_SEND_FROM, NO_NUMBER_TO_SEND_FROM } from './replies.js';

/** Spec 001 §8 (Bulk toasts and Send E-mail), shown as the server words them. */
export const BULK_EMAIL_SENT = 'Bulk email sent successfully.';
export const BULK_SMS_SENT = 'Bulk sms sent successfully.';
/** Spec 001 §5 validation of the bulk dialogs and of Send E-mail. */
export const RECIPIENTS_REQUIRED = 'Recipients are required';
export const AT_LEAST_ONE_RECIPIENT = 'At least one recipient is required';
export const BULK_SUBJECT_REQUIRED = 'Subject is required';
export const BULK_MESSAGE_REQUIRED = 'Message is required';
/** A recipient messaging does not know at that building or location: nobody is mailed, nothing is queued. */
export const NOT_A_BUILDING_TENANT = 'Every recipient must be a tenant of this building';
export const NOT_A_LOCATION_CONTACT = 'Every recipient must be a tenant, partner or contact of this property location';
export const NOT_A_LOCATION_TENANT = 'Every recipient must be a tenant of this property location';
export const BUILDING_NOT_FOUND = 'Building not found';
const LOCATION_NOT_FOUND = 'Property location not found';

export const bulkLimits = {
  /** A building's or location's tenants in one send; a larger list is split by the sender. */
  recipients: 500,
  /** Attachments of one e-mail, each at most 5 MiB: 25 MiB at most, what common SMTP providers accept per message. */
  attachments: 5,
  attachmentBytes: 5 * 1024 * 1024,
} as const;

/** More files than one e-mail carries (the forms say it before sending; the service refuses the same). */
export const TOO_MANY_ATTACHMENTS = `At most ${bulkLimits.attachments} attachments can be sent`;

/** What an e-mail may carry: documents and images, as the sniffer names them. */
const attachableTypes = [
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/heic',
  'image/tiff',
] as const;

/** The files of a bulk e-mail or a Send E-mail form: streamed into MinIO by the BFF once, attached to every delivery. */
export const outboundAttachmentsBinding: MultipartBinding = {
  field: 'attachments',
  prefix: 'mail/outbound',
  maxFiles: bulkLimits.attachments,
  maxFileBytes: bulkLimits.attachmentBytes,
  accept: attachableTypes,
};

/**
 * A file the BFF stored while reading the form: its key (under `mail/outbound/`, never chosen by the browser: the BFF
 * overwrites the field with what it stored), the sender's file name (display only), the sniffed type, size, sha256.
 */
export const StoredFileRefSchema = z.object({
  key: z.string().regex(/^mail\/outbound\/[0-9a-f-]{36}$/, 'Attachments must be uploaded with the form'),
  file_name: rawText('File name', messagingLimits.attachmentName).min(1, 'File name is required'),
  content_type: z.enum(attachableTypes, { error: 'This file type cannot be attached' }),
  size: z.number().int().positive().max(bulkLimits.attachmentBytes),
  sha256: z.string().regex(/^[0-9a-f]{64}$/, 'Attachments must be uploaded with the form'),
});
export type StoredFileRef = z.infer<typeof StoredFileRefSchema>;

/** A list of recipients as a form sends it: missing, null or empty answers `required`; kept in order, without repeats. */
function recipientList(item: z.ZodType<string, string>, required: string) {
  return z
    .array(item, { error: required })
    .meta({ minItems: 1 })
    .nullish()
    .transform((list) => list ?? [])
    .pipe(
      z
        .array(z.string())
        .min(1, required)
        .max(bulkLimits.recipients, `At most ${bulkLimits.recipients} recipients can be sent to at once`)
        .transform((list) => [...new Set(list)]),
    );
}

/** An e-mail address as recipients are compared: trimmed, lower-case (tenant copies keep them lower-case). */
const recipientEmail = withTrimmedPattern(
  z
    .string()
    .trim()
    .max(limits.email, `Email must be at most ${limits.email} characters`)
    .refine(isEmailAddress, portfolioMessages.invalidEmail)
    .transform((value) => value.toLowerCase()),
  ...textPattern.email,
);

const attachments = z.array(StoredFileRefSchema).max(bulkLimits.attachments, TOO_MANY_ATTACHMENTS).default([]);

/** How many sends were queued: one per recipient, each with its own state on Sent E-mails / Sent SMS. */
const queuedResponse = z.object({
  message: z.string().max(200),
  queued: z.number().int().nonnegative().max(bulkLimits.recipients),
});

/**
 * POST building/{id}/send-bulk-email (spec 001 §7; form data: subject, body, recipients as e-mail strings,
 * attachments): one e-mail per recipient from the location's own address, with the building's signature, the same
 * stored attachments referenced by each. Every recipient must be a tenant of the building as messaging knows them
 * (the tenant copy), else 400 and nothing is queued. One transaction: every send in the outbox and one audit entry.
 */
export const SendBulkEmail = defineRpc({
  subject: 'pm.rpc.messaging.bulk-email.send.v1',
  description: 'one e-mail per recipient (addresses trimmed, lower-cased, de-duplicated; 1–500), the building\'s signature below the text (the location\'s default when the building has none); `{ message: "Bulk email sent successfully.", queued }`. 400 "Recipients are required" / "Subject is required" / "Message is required" / "Invalid email address" / "Every recipient must be a tenant of this building"; 409 without an address to send from; takes `Idempotency-Key`',
  access: 'message:send',
  http: { method: 'POST', path: 'building/:id/send-bulk-email', idempotent: true, multipart: outboundAttachmentsBinding },
  errors: {
    400: [RECIPIENTS_REQUIRED, portfolioMessages.invalidEmail, BULK_SUBJECT_REQUIRED, BULK_MESSAGE_REQUIRED, NOT_A_BUILDING_TENANT],
    404: BUILDING_NOT_FOUND,
    409: NO_ADDRESS_TO_SEND_FROM,
    403: ACCESS_FORBIDDEN,
  },
  request: z.object({
    id: IdRefSchema,
    recipients: recipientList(recipientEmail, RECIPIENTS_REQUIRED),
    subject: requiredLine('Subject', limits.subject, { required: BULK_SUBJECT_REQUIRED }),
    body: requiredBody('Message', outboundLimits.emailBody, BULK_MESSAGE_REQUIRED),
    attachments,
  }),
  response: queuedResponse,
  fixture: {
    request: {
      id: '01937a10-1c2d-7e3f-8a9b-0c1d2e3f4a5b',
      recipients: ['maria.lopez@example.com', 'jordan.lee@example.com'],
      subject: 'Water shut-off on Friday',
      body: 'The water will be off on Friday from 9 AM to noon while the riser is replaced.',
      attachments: [
        {
          key: 'mail/outbound/01937b30-0a1b-7c2d-8e3f-4a5b6c7d8ec0',
          file_name: 'Notice.pdf',
          content_type: 'application/pdf',
          size: 48_213,
          sha256: 'a'.repeat(64),
        },
      ],
    },
    response: { message: BULK_EMAIL_SENT, queued: 2 },
  },
});

/**
 * POST sms/bulk-send (spec 001 §7, the SMS provider's bulk-send; message, tenantIds): one SMS per tenant from the
 * location's number. Every id must be a tenant of the location (else 400, nothing queued); a tenant without a phone
 * is skipped and named in the answer.
 */
export const SendBulkSms = defineRpc({
  subject: 'pm.rpc.messaging.bulk-sms.send.v1',
  description: 'one SMS per tenant (≤ 1,600 characters, 1–500 tenants); a tenant without a phone is skipped: `{ message: "Bulk sms sent successfully.", queued, skipped: [{ tenant_id, full_name }] }`. 400 "Message is required" / "Recipients are required" / "Every recipient must be a tenant of this property location"; 409 without a number (only when someone can be texted); takes `Idempotency-Key`',
  access: 'message:send',
  http: { method: 'POST', path: 'sms/bulk-send', idempotent: true },
  errors: { 400: ['No location selected', BULK_MESSAGE_REQUIRED, RECIPIENTS_REQUIRED, NOT_A_LOCATION_TENANT], 404: LOCATION_NOT_FOUND, 409: NO_NUMBER_TO_SEND_FROM, 403: ACCESS_FORBIDDEN },
  request: z.object({
    location_id: SelectedLocationSchema,
    message: requiredText('Message', outboundLimits.smsBody, { required: BULK_MESSAGE_REQUIRED }),
    tenantIds: recipientList(IdRefSchema, RECIPIENTS_REQUIRED),
  }),
  response: queuedResponse.extend({
    /** Tenants with no phone an SMS can reach: nothing was sent to them. */
    skipped: z.array(z.object({ tenant_id: z.string(), full_name: z.string() })).max(bulkLimits.recipients),
  }),
  fixture: {
    request: { location_id: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c', message: 'The water will be off on Friday from 9 AM to noon.', tenantIds: ['01937a12-3e4f-7a5b-8c1d-2e3f4a5b6c7d'] },
    response: { message: BULK_SMS_SENT, queued: 1, skipped: [] },
  },
});

/**
 * POST conversation/send-email (spec 001 §7; form: subject, body, recipients, attachments, locationId): Send E-mail
 * from the contacts page. Recipients are de-duplicated by address; each must be a tenant, a partner or a contact of
 * the location as messaging knows them (else 400, nothing queued). One e-mail per recipient from the location's address.
 */
export const SendEmail = defineRpc({
  subject: 'pm.rpc.messaging.email.send.v1',
  description: 'Send E-mail from the contacts page: recipients de-duplicated by address in any letter case; 400 "At least one recipient is required" / "Every recipient must be a tenant or a partner of this property location"; `{ message: "Email sent successfully", queued }`; takes `Idempotency-Key`',
  access: 'message:send',
  http: { method: 'POST', path: 'conversation/send-email', idempotent: true, multipart: outboundAttachmentsBinding },
  errors: {
    400: ['No location selected', AT_LEAST_ONE_RECIPIENT, portfolioMessages.invalidEmail, BULK_SUBJECT_REQUIRED, BULK_MESSAGE_REQUIRED, NOT_A_LOCATION_CONTACT],
    404: LOCATION_NOT_FOUND,
    409: NO_ADDRESS_TO_SEND_FROM,
    403: ACCESS_FORBIDDEN,
  },
  request: z.object({
    locationId: SelectedLocationSchema,
    recipients: recipientList(recipientEmail, AT_LEAST_ONE_RECIPIENT),
    subject: requiredLine('Subject', limits.subject, { required: BULK_SUBJECT_REQUIRED }),
    body: requiredBody('Message', outboundLimits.emailBody, BULK_MESSAGE_REQUIRED),
    attachments,
  }),
  response: queuedResponse,
  fixture: {
    request: { locationId: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c', recipients: ['sam.rivera@example.com'], subject: 'Boiler service', body: 'Could you service the boiler next Tuesday?' },
    response: { message: 'Email sent successfully', queued: 1 },
  },
});
