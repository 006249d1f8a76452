import { z } from 'zod';
import { limits } from '../portfolio/validation.js';
import { messagingLimits } from './inbound.js';
import { MessageTenantSchema, OutboundStatusSchema } from './inbox.js';

/**
 * Why something is sent. Every send goes through messaging's outbox (`messaging.outbound_delivery`), whatever asked
 * for it: a reply the team approved, an auto-sent answer the owner allowed, an emergency notification to the
 * location's emergency contacts, a bulk e-mail or SMS, a group or vendor conversation, an invitation or a renewal,
 * a rent notice.
 */
export const OutboundPurposeSchema = z.enum([
  'reply',
  'auto_reply',
  'emergency_notification',
  'bulk',
  'direct',
  'group',
  'vendor',
  'invitation',
  'renewal',
  /** Rent: payment links, receipts, reminders and late notices payments asks for (RentNoticeRequested). */
  'rent',
]);
export type OutboundPurpose = z.infer<typeof OutboundPurposeSchema>;

// Defined beside the thread's messages, which show a reply's delivery state too.
export { OutboundStatusSchema, type OutboundStatus } from './inbox.js';

export const outboundLimits = {
  /** A reply by SMS: Twilio's 10 segments. */
  smsBody: messagingLimits.smsBody,
  /** A reply by e-mail: the reply box's letter (the same bound as a draft). */
  emailBody: 10_000,
  subject: limits.subject,
  failure: 1_000,
  attempts: 100,
} as const;

/** One send as the Sent E-mails and Sent SMS lists show it: what went out, to whom, and where it is. */
export const SentMessageSchema = z.object({
  id: z.string().min(1),
  /** The thread message it is (a reply), null for a send outside a tenant's thread. */
  message_id: z.string().nullable(),
  session_id: z.string().nullable(),
  channel: z.enum(['sms', 'email']),
  purpose: OutboundPurposeSchema,
  from: z.string().max(messagingLimits.address),
  to: z.string().max(messagingLimits.address),
  subject: z.string().max(messagingLimits.subject).nullable(),
  message: z.string().max(outboundLimits.emailBody),
  tenant: MessageTenantSchema.nullable(),
  status: OutboundStatusSchema,
  attempts: z.number().int().nonnegative().max(outboundLimits.attempts),
  /** The last provider error of a failed (or retried) send, as the provider worded it. */
  failure: z.string().max(outboundLimits.failure).nullable(),
  /** Who approved it (a user id); null for what the system sent on its own (auto-reply, notification). */
  approved_by: z.string().nullable(),
  /** The session was archived after the reply: the Sent list's Archived chip (spec 001 §4). */
  archived: z.boolean(),
  created_at: z.iso.datetime(),
  sent_at: z.iso.datetime().nullable(),
});
export type SentMessageView = z.infer<typeof SentMessageSchema>;
