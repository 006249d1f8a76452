import { InboxDraftSchema } from './drafts.js';
import { z } from 'zod';
import { limits } from '../portfolio/validation.js';
import { messagingLimits } from './inbound.js';

/** Who wrote a message (spec 001 §3 Message.role). */
/** `participant`: someone in a group conversation who is not the team (spec 001 §3 Conversation (group) participants). */
export const MessageRoleSchema = z.enum(['ai', 'tenant', 'property_manager', 'vendor', 'participant']);
export type MessageRole = z.infer<typeof MessageRoleSchema>;

/** The kind of a message session (spec 001 §3 Message session.type); vendor conversations come with their feature. */
export const MessageSessionTypeSchema = z.enum(['sms', 'email', 'vendor']);
export type MessageSessionType = z.infer<typeof MessageSessionTypeSchema>;

/**
 * Spec 001 §3 Inbox item.status / §4 Inbox. An inbound message needs a response until it is replied to or archived,
 * then it is done. The spec names two more statuses and shows no action that sets them; they are part of the shape
 * so that the inbox's filters and a later triage action keep these names.
 */
export const InboxStatusSchema = z.enum(['needs_response', 'investigating', 'waiting_for_customer', 'done']);
export type InboxStatus = z.infer<typeof InboxStatusSchema>;

const timestamp = z.iso.datetime();
const text = (max: number) => z.string().max(max);

/** An attachment of a message as the provider announced it (an MMS's media: several per message, each typed). */
export const MessageMediaSchema = z.object({
  url: text(messagingLimits.url),
  content_type: text(messagingLimits.contentType),
});

/**
 * An e-mail attachment as kept by messaging (spec 001 §3 E-mail draft `documents`): the sanitised file name the
 * sender gave, the type sniffed from its bytes (never the sender's claim) and its size in bytes. The file itself is
 * downloaded with `GET message/{id}/attachment/{attachmentId}`.
 */
export const MessageAttachmentSchema = z.object({
  id: z.string().min(1),
  file_name: text(messagingLimits.attachmentName),
  content_type: text(messagingLimits.contentType),
  size: z.number().int().positive().max(messagingLimits.rawEmailBytes),
});
export type MessageAttachment = z.infer<typeof MessageAttachmentSchema>;

/** The tenant a message or session belongs to, as messaging's copy of portfolio's tenants knows them. */
export const MessageTenantSchema = z.object({
  id: z.string().min(1),
  full_name: text(limits.name),
  unit_id: z.string().nullable(),
  building_id: z.string().nullable(),
});

/**
 * Spec 001 §3 Message: one message of a thread. `media` is the spec's media_url for every attachment of an MMS (a
 * message may carry up to ten), with its type so the page can show an image as an image.
 */
/**
 * Where a send is: `queued` (waiting for its first or next attempt), `sending` (a dispatcher holds it), `sent` (the
 * provider accepted it) or `failed` (every attempt failed, or the provider refused it for good: shown, never silent).
 */
export const OutboundStatusSchema = z.enum(['queued', 'sending', 'sent', 'failed']);
export type OutboundStatus = z.infer<typeof OutboundStatusSchema>;

export const ThreadMessageSchema = z.object({
  id: z.string().min(1),
  session_id: z.string().min(1),
  external_id: text(messagingLimits.externalId),
  direction: z.enum(['inbound', 'outbound']),
  role: MessageRoleSchema,
  message: z.string().max(messagingLimits.emailBody),
  sender_name: text(limits.name).nullable(),
  /**
   * Whether the sender is who the message says: false for an e-mail whose From could not be authenticated (no
   * DMARC, aligned SPF or DKIM pass, and no trusted relay or provider vouching for it). Such a message is bound to no
   * tenant and shown marked; everything else (SMS through the provider's signed webhook, the team's own) is true.
   */
  sender_verified: z.boolean(),
  media: z.array(MessageMediaSchema).max(messagingLimits.media),
  /** An e-mail's stored attachments (none on SMS). */
  attachments: z.array(MessageAttachmentSchema).max(messagingLimits.attachments),
  created_at: timestamp,
  updated_at: timestamp,
  /** A reply of ours: where its delivery is (Sending… / Sent / Failed in the thread); null for what the tenant wrote. */
  delivery_status: OutboundStatusSchema.nullable(),
});
export type ThreadMessage = z.infer<typeof ThreadMessageSchema>;

/**
 * Spec 001 §3 Message session: the conversation of a location with one tenant (or one unknown sender) on one
 * channel, newest activity first in lists. `from` is the other party (`name`, the address they write from as
 * `source`) and the location's own number or address they wrote `to`. `unread_count` counts its inbound messages
 * nobody of the team has marked read; `status` and `urgent` summarise its inbound messages (needs_response while any
 * needs one; urgent while an urgent one is not done).
 */
export const MessageSessionSchema = z.object({
  session_id: z.string().min(1),
  type: MessageSessionTypeSchema,
  tenant_id: z.string().nullable(),
  tenant: MessageTenantSchema.nullable(),
  building_id: z.string().nullable(),
  property_location_id: z.string().min(1),
  from: z.object({ name: text(limits.name).nullable(), source: text(messagingLimits.address), to: text(messagingLimits.address) }),
  subject: text(messagingLimits.subject).nullable(),
  status: InboxStatusSchema,
  urgent: z.boolean(),
  unread_count: z.number().int().nonnegative().max(1_000_000),
  last_message: z
    .object({ id: z.string().min(1), message: z.string().max(messagingLimits.preview), role: MessageRoleSchema, created_at: timestamp })
    .nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type MessageSessionView = z.infer<typeof MessageSessionSchema>;

/**
 * One hit of the inbox search: a session whose sender (name, phone or e-mail), subject or messages match, with the
 * newest of its messages whose text matched (null when only the sender or subject did), so the drawer can show why.
 */
export const InboxSearchResultSchema = MessageSessionSchema.extend({
  match: z
    .object({ id: z.string().min(1), message: z.string().max(messagingLimits.preview), role: MessageRoleSchema, created_at: timestamp })
    .nullable(),
});
export type InboxSearchResult = z.infer<typeof InboxSearchResultSchema>;

/**
 * Spec 001 §3 Inbox item: one inbound message on the Inbound Messages list, with its state. `replied_to` and
 * `archived` decide the filters (in progress = neither, completed = archived) and `urgent` the emergency filter.
 */
export const InboxItemSchema = z.object({
  id: z.string().min(1),
  session_id: z.string().min(1),
  type: MessageSessionTypeSchema,
  external_id: text(messagingLimits.externalId),
  role: MessageRoleSchema,
  message: z.string().max(messagingLimits.emailBody),
  sender_name: text(limits.name).nullable(),
  /** The address the sender wrote from: a phone number (E.164) or an e-mail address. */
  from: text(messagingLimits.address),
  /**
   * Whether the sender is who the message says: false for an e-mail whose From could not be authenticated (no
   * DMARC, aligned SPF or DKIM pass, and no trusted relay or provider vouching for it). Such a message is bound to no
   * tenant and shown marked; everything else (SMS through the provider's signed webhook, the team's own) is true.
   */
  sender_verified: z.boolean(),
  tenant: MessageTenantSchema.nullable(),
  media: z.array(MessageMediaSchema).max(messagingLimits.media),
  attachments: z.array(MessageAttachmentSchema).max(messagingLimits.attachments),
  status: InboxStatusSchema,
  urgent: z.boolean(),
  replied_to: z.boolean(),
  archived: z.boolean(),
  read: z.boolean(),
  /** The AI draft of the reply: its current version (null only for messages stored before drafts existed). */
  draft: InboxDraftSchema.nullable(),
  created_at: timestamp,
});
export type InboxItem = z.infer<typeof InboxItemSchema>;
