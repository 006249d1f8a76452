import { z } from 'zod';
import { ACCESS_FORBIDDEN } from '../../access/permissions.js';
import { defineRpc } from '../../define.js';
import { PAGE_LIMIT_MAX, pageRequestFields, pageSchema } from '../../page.js';
import { textPattern, withPattern } from '../../text.js';
import { IdRefSchema, requiredLine, requiredText, SelectedLocationSchema } from '../../portfolio/validation.js';
import { conversationLimits, ConversationSchema, type ConversationView } from '../conversations.js';
import { ThreadMessageSchema } from '../inbox.js';
import { outboundLimits } from '../outbound.js';
import { ThreadMessagePageSchema } from './inbox.js';
import { NO_NUMBER_TO_SEND_FROM } from './replies.js';

export const CONVERSATION_NOT_FOUND = 'Conversation not found';
/** Spec 001 §8 (Messaging toasts). */
export const CONVERSATION_MESSAGE_SENT = 'Message sent successfully';
export const CONVERSATION_ARCHIVED = 'Conversation archived successfully';
export const GROUP_CONVERSATION_CREATED = 'Group conversation created successfully';
/** Spec 001 §6 Create conversation. */
export const CONVERSATION_TITLE_REQUIRED = 'Title is required';
export const CONVERSATION_TITLE_TOO_SHORT = `Title must be at least ${conversationLimits.titleMin} characters`;
export const CONVERSATION_PHONE_FORMAT = 'Phone number must be in format: +1XXXXXXXXXX';
export const CONVERSATION_PARTICIPANTS_REQUIRED = 'Add at least one participant';
export const CONVERSATION_TOO_MANY_PARTICIPANTS = `A group conversation can have at most ${conversationLimits.participants} participants`;
export const CONVERSATION_PROPERTY_PHONE_AS_PARTICIPANT = "The property phone can't also be a participant";
/** The property phone must be a number of a location the caller may send for (else the same answer as an unknown one). */
export const CONVERSATION_PHONE_NOT_FOUND = 'Phone number not found';
export const CONVERSATION_CONTENT_REQUIRED = 'Message is required.';

const LOCATION_NOT_FOUND = 'Property location not found';
const pageErrors = ['Invalid cursor', `Limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}`];

/** +1 and ten digits (spec 001 §6), spaces around it trimmed. */
const conversationPhone = (required: string) =>
  withPattern(z.string({ error: required }), textPattern.trimmedAround('\\+1[0-9]{10}'))
    .nullish()
    .transform((value) => value ?? '')
    .pipe(z.string().trim().min(1, required).regex(/^\+1\d{10}$/, CONVERSATION_PHONE_FORMAT));

const conversationFixture: ConversationView = {
  id: '01937c40-0a1b-7c2d-8e3f-4a5b6c7d8e01',
  conversation_sid: '01937c40-0a1b-7c2d-8e3f-4a5b6c7d8e01',
  kind: 'group',
  friendly_name: 'Roof repair, Building A',
  property_location_id: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c',
  propertyPhone: '+14155550123',
  property_email: 'harbor-view@mail.pm.local',
  vendor: null,
  participants: [
    { phoneNumber: '+15551234567', name: 'Maria Lopez' },
    { phoneNumber: '+15557654321', name: null },
  ],
  archived: false,
  status: 'needs_response',
  unread_count: 1,
  last_message: { id: '01937c41-0a1b-7c2d-8e3f-4a5b6c7d8e02', message: 'The roofer arrives at 9 tomorrow.', role: 'property_manager', created_at: '2026-11-24T10:20:00.000Z' },
  created_at: '2026-11-24T10:15:00.000Z',
  updated_at: '2026-11-24T10:20:00.000Z',
};
const vendorFixture: ConversationView = {
  ...conversationFixture,
  kind: 'vendor',
  friendly_name: 'Rapid Rooter Plumbing',
  vendor: { partner_id: '01937a30-0a1b-7c2d-8e3f-4a5b6c7d8e03', full_name: 'Rapid Rooter Plumbing' },
  participants: [{ phoneNumber: '+15558889999', name: 'Rapid Rooter Plumbing' }],
  last_message: { id: '01937c41-0a1b-7c2d-8e3f-4a5b6c7d8e04', message: 'On my way, there in 20 minutes.', role: 'vendor', created_at: '2026-11-24T10:20:00.000Z' },
};
const threadMessageFixture = {
  id: '01937c41-0a1b-7c2d-8e3f-4a5b6c7d8e02',
  session_id: conversationFixture.id,
  external_id: '01937c41-0a1b-7c2d-8e3f-4a5b6c7d8e02',
  direction: 'outbound' as const,
  role: 'property_manager' as const,
  message: 'The roofer arrives at 9 tomorrow.',
  sender_name: null,
  sender_verified: true,
  media: [],
  attachments: [],
  created_at: '2026-11-24T10:20:00.000Z',
  updated_at: '2026-11-24T10:20:00.000Z',
  delivery_status: 'queued' as const,
};

export const ConversationPageSchema = pageSchema(ConversationSchema);

/**
 * POST group (spec 001 §7): a group conversation from one of the caller's locations' numbers (`propertyPhone`) with
 * the participants' phones (+1 and ten digits, duplicates dropped, at most ten, not the property's own number).
 * A number that is no location's, or of a location out of the caller's reach, is 404 'Phone number not found'.
 */
export const CreateGroupConversation = defineRpc({
  subject: 'pm.rpc.messaging.conversation.create-group.v1',
  description: '`message:send` on the number\'s location; 201 `{ message: "Group conversation created successfully", conversation }`; takes `Idempotency-Key`. 400: "Title is required", "Title must be at least 3 characters", "… at most 100 characters", "Property phone is required", "Participant phone is required", "Phone number must be in format: +1XXXXXXXXXX", "Add at least one participant", "A group conversation can have at most 10 participants" (after duplicates are dropped; at most 20 entries sent), "The property phone can\'t also be a participant". A number no location has, or of a location out of reach: 404 "Phone number not found"',
  // The group's location is the one its property phone belongs to.
  access: 'message:send',
  http: { method: 'POST', path: 'group', status: 201, idempotent: true },
  errors: {
    400: [
      CONVERSATION_TITLE_REQUIRED,
      CONVERSATION_TITLE_TOO_SHORT,
      `Title must be at most ${conversationLimits.title} characters`,
      'Title contains characters that are not allowed',
      'Property phone is required',
      CONVERSATION_PHONE_FORMAT,
      'Participant phone is required',
      CONVERSATION_PARTICIPANTS_REQUIRED,
      CONVERSATION_TOO_MANY_PARTICIPANTS,
      CONVERSATION_PROPERTY_PHONE_AS_PARTICIPANT,
    ],
    404: CONVERSATION_PHONE_NOT_FOUND,
    403: ACCESS_FORBIDDEN,
  },
  request: z
    .object({
      friendlyName: withPattern(
        requiredLine('Title', conversationLimits.title, { required: CONVERSATION_TITLE_REQUIRED }).pipe(z.string().min(conversationLimits.titleMin, CONVERSATION_TITLE_TOO_SHORT)),
        textPattern.trimmedMinLength(conversationLimits.titleMin),
      ),
      propertyPhone: conversationPhone('Property phone is required'),
      participants: z
        .array(z.object({ phoneNumber: conversationPhone('Participant phone is required') }), { error: CONVERSATION_PARTICIPANTS_REQUIRED })
        .min(1, CONVERSATION_PARTICIPANTS_REQUIRED)
        // Checked before duplicates are dropped too, so a request cannot carry thousands of copies of one phone.
        .max(conversationLimits.participants * 2, CONVERSATION_TOO_MANY_PARTICIPANTS)
        .transform((participants) => [...new Set(participants.map((p) => p.phoneNumber))].map((phoneNumber) => ({ phoneNumber })))
        .pipe(z.array(z.object({ phoneNumber: z.string() })).max(conversationLimits.participants, CONVERSATION_TOO_MANY_PARTICIPANTS)),
    })
    .refine((request) => !request.participants.some((p) => p.phoneNumber === request.propertyPhone), {
      message: CONVERSATION_PROPERTY_PHONE_AS_PARTICIPANT,
      path: ['participants'],
    }),
  response: z.object({ message: z.string().max(200), conversation: ConversationSchema }),
  fixture: {
    request: { friendlyName: conversationFixture.friendly_name, propertyPhone: conversationFixture.propertyPhone, participants: [{ phoneNumber: '+15551234567' }, { phoneNumber: '+15557654321' }] },
    response: { message: GROUP_CONVERSATION_CREATED, conversation: { ...conversationFixture, unread_count: 0, last_message: null } },
  },
});

/** GET conversation/vendor?location_id= (spec 001 §7, polled every 30 s): the location's vendor conversations, most recently active first. */
export const ListVendorConversations = defineRpc({
  subject: 'pm.rpc.messaging.conversation.list-vendor.v1',
  description: "the location's vendor conversations, most recently active first (the Vendors tab, every 30 s)",
  access: 'message:read',
  http: { method: 'GET', path: 'conversation/vendor' },
  errors: { 400: ['No location selected', ...pageErrors], 404: LOCATION_NOT_FOUND, 403: ACCESS_FORBIDDEN },
  request: z.object({ location_id: SelectedLocationSchema, ...pageRequestFields }),
  response: ConversationPageSchema,
  fixture: { request: { location_id: vendorFixture.property_location_id, limit: 50 }, response: { items: [vendorFixture], next_cursor: null, total: 1 } },
});

/** GET conversation/all?location_id= (spec 001 §7): every conversation of the location, vendor and group, most recently active first. */
export const ListConversations = defineRpc({
  subject: 'pm.rpc.messaging.conversation.list.v1',
  description: 'every conversation, vendor and group',
  access: 'message:read',
  http: { method: 'GET', path: 'conversation/all' },
  errors: { 400: ['No location selected', ...pageErrors], 404: LOCATION_NOT_FOUND, 403: ACCESS_FORBIDDEN },
  request: z.object({ location_id: SelectedLocationSchema, ...pageRequestFields }),
  response: ConversationPageSchema,
  fixture: { request: { location_id: conversationFixture.property_location_id, limit: 50 }, response: { items: [conversationFixture, vendorFixture], next_cursor: null, total: 2 } },
});

/**
 * GET conversation/{conversation_sid} (spec 001 §7): one conversation with its latest messages, newest first (earlier
 * ones page on with `message-session/{id}/messages` and `messages.next_cursor`: the conversation is a session).
 */
export const GetConversation = defineRpc({
  subject: 'pm.rpc.messaging.conversation.get.v1',
  description: 'one conversation (`id`, `conversation_sid`, `kind`, `friendly_name`, `propertyPhone`, `property_email`, `vendor`, `participants [{ phoneNumber, name }]` named from the tenant or partner copies, `archived`, `status`, `unread_count`, `last_message`) with `messages`: the newest 50, newest first, paged on with `message-session/{id}/messages`',
  access: 'message:read',
  http: { method: 'GET', path: 'conversation/:conversation_sid' },
  errors: { 404: CONVERSATION_NOT_FOUND, 403: ACCESS_FORBIDDEN },
  request: z.object({ conversation_sid: IdRefSchema }),
  response: ConversationSchema.extend({ messages: ThreadMessagePageSchema }),
  fixture: {
    request: { conversation_sid: conversationFixture.id },
    response: { ...conversationFixture, messages: { items: [threadMessageFixture], next_cursor: null, total: 1 } },
  },
});

/**
 * POST conversation/{id}/send (spec 001 §7, `content`): the team's message to the conversation, stored in its thread
 * and queued in the outbox as one SMS per participant from the location's number, in one transaction.
 */
export const SendConversationMessage = defineRpc({
  subject: 'pm.rpc.messaging.conversation.send.v1',
  description: 'the message in the thread and one SMS per participant; `{ message: "Message sent successfully", conversation_message, recipients }`; takes `Idempotency-Key`; sending to an archived conversation opens it again; 400 "Message is required." / "… at most 1,600 characters"; 409 with no number to send from',
  access: 'message:send',
  http: { method: 'POST', path: 'conversation/:id/send', idempotent: true },
  errors: {
    400: [CONVERSATION_CONTENT_REQUIRED, `Message must be at most ${outboundLimits.smsBody.toLocaleString('en-US')} characters`, 'Message contains characters that are not allowed'],
    404: CONVERSATION_NOT_FOUND,
    409: NO_NUMBER_TO_SEND_FROM,
    403: ACCESS_FORBIDDEN,
  },
  request: z.object({ id: IdRefSchema, content: requiredText('Message', outboundLimits.smsBody, { required: CONVERSATION_CONTENT_REQUIRED }) }),
  response: z.object({ message: z.string().max(200), conversation_message: ThreadMessageSchema, recipients: z.number().int().nonnegative() }),
  fixture: {
    request: { id: conversationFixture.id, content: threadMessageFixture.message },
    response: { message: CONVERSATION_MESSAGE_SENT, conversation_message: threadMessageFixture, recipients: 2 },
  },
});

/** POST conversation/{conversationSid}/archive (spec 001 §7): the conversation is done; its waiting messages too. Again changes nothing. */
export const ArchiveConversation = defineRpc({
  subject: 'pm.rpc.messaging.conversation.archive.v1',
  description: 'done: the conversation and its waiting messages archived, audited `conversation_archived` once; again changes nothing; the vendor route answers 404 for a group',
  access: 'message:send',
  http: { method: 'POST', path: 'conversation/:conversationSid/archive' },
  errors: { 404: CONVERSATION_NOT_FOUND, 403: ACCESS_FORBIDDEN },
  request: z.object({ conversationSid: IdRefSchema }),
  response: z.object({ message: z.string().max(200), conversation: ConversationSchema }),
  fixture: { request: { conversationSid: conversationFixture.id }, response: { message: CONVERSATION_ARCHIVED, conversation: { ...conversationFixture, archived: true, status: 'done' } } },
});

/** POST conversation/vendor/{conversation_sid}/archive (spec 001 §7): the same, for a vendor conversation only (a group's id is 404 here). */
export const ArchiveVendorConversation = defineRpc({
  subject: 'pm.rpc.messaging.conversation.archive-vendor.v1',
  description: 'done: the conversation and its waiting messages archived, audited `conversation_archived` once; again changes nothing; the vendor route answers 404 for a group',
  access: 'message:send',
  http: { method: 'POST', path: 'conversation/vendor/:conversation_sid/archive' },
  errors: { 404: CONVERSATION_NOT_FOUND, 403: ACCESS_FORBIDDEN },
  request: z.object({ conversation_sid: IdRefSchema }),
  response: z.object({ message: z.string().max(200), conversation: ConversationSchema }),
  fixture: { request: { conversation_sid: vendorFixture.id }, response: { message: CONVERSATION_ARCHIVED, conversation: { ...vendorFixture, archived: true, status: 'done' } } },
});
