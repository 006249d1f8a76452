import { z } from 'zod';
import { queryChoiceOr } from '../../query-choice.js';
import { ACCESS_FORBIDDEN } from '../../access/permissions.js';
import { defineRpc } from '../../define.js';
import { PAGE_LIMIT_MAX, pageRequestFields, pageSchema } from '../../page.js';
import { IdRefSchema, optionalLine, requiredText, SelectedLocationSchema } from '../../portfolio/validation.js';
import { outboundLimits, SentMessageSchema, type SentMessageView } from '../outbound.js';
import { MESSAGE_SESSION_NOT_FOUND } from './inbox.js';

/** Spec 001 §8 (Messaging toasts), shown as the server words them. */
export const SMS_SENT = 'SMS sent successfully';
export const EMAIL_SENT = 'Email sent successfully';
export const SMS_ARCHIVED = 'Sms archived successfully';
export const EMAIL_ARCHIVED = 'Email archived successfully';
/** Spec 001 §5 Replies: a blank reply is refused with this text. */
export const REPLY_REQUIRED = 'Message is required.';
export const NOT_AN_SMS_SESSION = 'This conversation is not an SMS conversation';
export const NOT_AN_EMAIL_SESSION = 'This conversation is not an e-mail conversation';
/** A vendor or group conversation is answered with `conversation/{id}/send`, which reaches every participant. */
export const SEND_IN_THE_CONVERSATION = 'This is a vendor or group conversation: send your message from the conversation';
/** A reply goes out from the location's own number or address; without one there is nothing to send from. */
export const NO_NUMBER_TO_SEND_FROM = 'This property location has no phone number to send from. Get a phone number for it first.';
export const NO_ADDRESS_TO_SEND_FROM = 'This property location has no e-mail address to send from. Generate its e-mail address first.';

const LOCATION_NOT_FOUND = 'Property location not found';
const pageErrors = ['Invalid cursor', `Limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}`];
const replyErrors = (max: number) => [REPLY_REQUIRED, `Message must be at most ${max.toLocaleString('en-US')} characters`, 'Message contains characters that are not allowed'];

/** Spec 001 §4: the Sent lists' filter; sent = the sessions not archived, archived = the archived ones. */
export const SentFilterSchema = queryChoiceOr(['all', 'sent', 'archived'], 'Filter must be one of all, sent, archived', 'all');

const sentFixture: SentMessageView = {
  id: '01937b21-0a1b-7c2d-8e3f-4a5b6c7d8eb1',
  message_id: '01937b21-0a1b-7c2d-8e3f-4a5b6c7d8eb2',
  session_id: '01937b20-0a1b-7c2d-8e3f-4a5b6c7d8ea0',
  channel: 'sms',
  purpose: 'reply',
  from: '+14155550123',
  to: '+15551234567',
  subject: null,
  message: 'Please shut the valve under the sink; our plumber arrives within the hour.',
  tenant: { id: '01937a12-3e4f-7a5b-8c1d-2e3f4a5b6c7d', full_name: 'Maria Lopez', unit_id: '01937a11-2d3e-7f4a-9b0c-1d2e3f4a5b6c', building_id: '01937a10-1c2d-7e3f-8a9b-0c1d2e3f4a5b' },
  status: 'queued',
  attempts: 0,
  failure: null,
  approved_by: 'usr_01HZX3',
  archived: false,
  created_at: '2026-11-24T10:16:00.000Z',
  sent_at: null,
};
const emailFixture: SentMessageView = {
  ...sentFixture,
  channel: 'email',
  from: 'harbor-view@mail.pm.local',
  to: 'maria.lopez@example.com',
  subject: 'Re: Leak under the kitchen sink',
};

/**
 * POST sms/send-response (spec 001 §7, the SMS provider's send-response): the team's reply to an SMS session,
 * approved by the caller. It is stored in the thread and queued in the outbox in one transaction (a crash never
 * loses or doubles it); the dispatcher sends it from the location's number, retries with backoff, and a send that
 * keeps failing ends `failed` on the Sent SMS list. Every inbound message of the session still waiting is then
 * replied to, and the approval (with the draft version it started from, and whether it was edited) is audited.
 */
export const SendSmsResponse = defineRpc({
  subject: 'pm.rpc.messaging.sms.send-response.v1',
  description: '"SMS sent successfully" and the send; takes `Idempotency-Key`; 400 "Message is required." / "Message must be at most 1,600 characters" / "... contains characters that are not allowed"; 409 on an e-mail session',
  access: 'message:send',
  http: { method: 'POST', path: 'sms/send-response', idempotent: true },
  errors: { 400: replyErrors(outboundLimits.smsBody), 404: MESSAGE_SESSION_NOT_FOUND, 409: [NOT_AN_SMS_SESSION, NO_NUMBER_TO_SEND_FROM, SEND_IN_THE_CONVERSATION], 403: ACCESS_FORBIDDEN },
  request: z.object({ sessionId: IdRefSchema, response: requiredText('Message', outboundLimits.smsBody, { required: REPLY_REQUIRED }) }),
  response: z.object({ message: z.string().max(200), sent: SentMessageSchema }),
  fixture: { request: { sessionId: sentFixture.session_id!, response: sentFixture.message }, response: { message: SMS_SENT, sent: sentFixture } },
});

/**
 * POST email/send-response (spec 001 §7): the team's reply to an e-mail thread, sent from the location's address
 * with the building's signature, threaded (`In-Reply-To`/`References` the thread's last message). `subject` defaults
 * to "Re: " and the thread's subject. Outbox, retries, replied state and audit as for SMS.
 */
export const SendEmailResponse = defineRpc({
  subject: 'pm.rpc.messaging.email.send-response.v1',
  description: '"Email sent successfully"; the same, ≤ 10,000 characters; 409 on an SMS session',
  access: 'message:send',
  http: { method: 'POST', path: 'email/send-response', idempotent: true },
  errors: {
    400: [...replyErrors(outboundLimits.emailBody), `Subject must be at most ${outboundLimits.subject} characters`, 'Subject contains characters that are not allowed'],
    404: MESSAGE_SESSION_NOT_FOUND,
    409: [NOT_AN_EMAIL_SESSION, NO_ADDRESS_TO_SEND_FROM],
    403: ACCESS_FORBIDDEN,
  },
  request: z.object({
    sessionId: IdRefSchema,
    subject: optionalLine('Subject', outboundLimits.subject),
    response: requiredText('Message', outboundLimits.emailBody, { required: REPLY_REQUIRED }),
  }),
  response: z.object({ message: z.string().max(200), sent: SentMessageSchema }),
  fixture: {
    request: { sessionId: emailFixture.session_id!, subject: emailFixture.subject, response: emailFixture.message },
    response: { message: EMAIL_SENT, sent: emailFixture },
  },
});

/**
 * POST sms/{id}/archive: closes an SMS session without a reply; every inbound message still waiting becomes done
 * (Archived on the Sent list, the completed filter). Archiving again changes nothing. Audited.
 */
export const ArchiveSmsSession = defineRpc({
  subject: 'pm.rpc.messaging.sms.archive.v1',
  description: "the session's waiting messages archived (done), the session Archived; audit `session_archived`; again changes nothing",
  access: 'message:send',
  http: { method: 'POST', path: 'sms/:id/archive' },
  errors: { 404: MESSAGE_SESSION_NOT_FOUND, 409: NOT_AN_SMS_SESSION, 403: ACCESS_FORBIDDEN },
  request: z.object({ id: IdRefSchema }),
  response: z.object({ message: z.string().max(200) }),
  fixture: { request: { id: sentFixture.session_id! }, response: { message: SMS_ARCHIVED } },
});

/** POST email/{thread_external_id}/archive (spec 001 §7): the same for an e-mail thread; its id is the session's. */
export const ArchiveEmailSession = defineRpc({
  subject: 'pm.rpc.messaging.email.archive.v1',
  description: "the session's waiting messages archived (done), the session Archived; audit `session_archived`; again changes nothing",
  access: 'message:send',
  http: { method: 'POST', path: 'email/:id/archive' },
  errors: { 404: MESSAGE_SESSION_NOT_FOUND, 409: NOT_AN_EMAIL_SESSION, 403: ACCESS_FORBIDDEN },
  request: z.object({ id: IdRefSchema }),
  response: z.object({ message: z.string().max(200) }),
  fixture: { request: { id: emailFixture.session_id! }, response: { message: EMAIL_ARCHIVED } },
});

const sentListRequest = z.object({ location_id: SelectedLocationSchema, filter_by: SentFilterSchema, ...pageRequestFields });
export const SentMessagePageSchema = pageSchema(SentMessageSchema);

/** GET email/sent?location_id=&filter_by= (spec 001 §7): Sent E-mails, newest first, with each send's state. */
export const ListSentEmails = defineRpc({
  subject: 'pm.rpc.messaging.email.sent.v1',
  description: 'the sends that are thread messages, newest first (keyset pages), each with `status`, `attempts`, `failure`, `sent_at`, `archived` (sent = sessions not archived, archived = archived ones; spec 001 §4)',
  access: 'message:read',
  http: { method: 'GET', path: 'email/sent' },
  errors: { 400: ['No location selected', ...pageErrors], 404: LOCATION_NOT_FOUND, 403: ACCESS_FORBIDDEN },
  request: sentListRequest,
  response: SentMessagePageSchema,
  fixture: { request: { location_id: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c', filter_by: 'sent', limit: 50 }, response: { items: [emailFixture], next_cursor: null, total: 1 } },
});

/** GET sms/sent?location_id=&filter_by=: Sent SMS, newest first, with each send's state. */
export const ListSentSms = defineRpc({
  subject: 'pm.rpc.messaging.sms.sent.v1',
  description: 'the sends that are thread messages, newest first (keyset pages), each with `status`, `attempts`, `failure`, `sent_at`, `archived` (sent = sessions not archived, archived = archived ones; spec 001 §4)',
  access: 'message:read',
  http: { method: 'GET', path: 'sms/sent' },
  errors: { 400: ['No location selected', ...pageErrors], 404: LOCATION_NOT_FOUND, 403: ACCESS_FORBIDDEN },
  request: sentListRequest,
  response: SentMessagePageSchema,
  fixture: { request: { location_id: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c', filter_by: 'sent', limit: 50 }, response: { items: [sentFixture], next_cursor: null, total: 1 } },
});
