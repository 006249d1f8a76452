import { z } from 'zod';
import { limits } from '../portfolio/validation.js';
import { messagingLimits } from './inbound.js';
import { MessageRoleSchema } from './inbox.js';

/**
 * Conversations (spec 001 §3 Vendor conversation, Conversation (group)): threads between a location's number and
 * other phones, carried over SMS. A vendor conversation is the location's thread with one of its VENDOR partners,
 * opened by the vendor's first text; a group conversation is created by the team with a title and participants.
 */
export const conversationLimits = {
  /** The Create Conversation dialog's title: at least 3 characters (spec 001 §6), at most a line's worth. */
  titleMin: 3,
  title: 100,
  /**
   * Participants of one group besides the location's number: a group text (and Twilio Conversations' group MMS)
   * carries ten addresses at most, and every message to the group is one SMS per participant.
   */
  participants: 10,
} as const;

export const ConversationKindSchema = z.enum(['vendor', 'group']);
export type ConversationKind = z.infer<typeof ConversationKindSchema>;

export const ConversationParticipantSchema = z.object({
  phoneNumber: z.string().max(16),
  /** Whom messaging knows the phone as (a tenant, a partner of the location), else null. */
  name: z.string().max(limits.name).nullable(),
});

/**
 * One conversation as the Conversations page and the Inbound Messages "Vendors" tab show it. `conversation_sid` is
 * the conversation's id: there is no provider-side conversation resource behind it (every message is an SMS of the
 * outbox), so one identifier serves both of the spec's names. A vendor conversation is done when archived, otherwise
 * it needs a response (spec 001 §4); a group conversation the same.
 */
export const ConversationSchema = z.object({
  id: z.string().min(1),
  conversation_sid: z.string().min(1),
  kind: ConversationKindSchema,
  friendly_name: z.string().max(limits.name),
  property_location_id: z.string().min(1),
  propertyPhone: z.string().max(16),
  /** The location's generated e-mail address (spec 001 §3 Vendor conversation `property_email`), null without one. */
  property_email: z.string().max(messagingLimits.address).nullable(),
  vendor: z.object({ partner_id: z.string().min(1), full_name: z.string().max(limits.name) }).nullable(),
  participants: z.array(ConversationParticipantSchema).max(conversationLimits.participants),
  archived: z.boolean(),
  status: z.enum(['needs_response', 'done']),
  unread_count: z.number().int().nonnegative().max(1_000_000),
  last_message: z
    .object({ id: z.string().min(1), message: z.string().max(messagingLimits.preview), role: MessageRoleSchema, created_at: z.iso.datetime() })
    .nullable(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type ConversationView = z.infer<typeof ConversationSchema>;
