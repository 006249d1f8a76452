import { z } from 'zod';
import { queryChoice, queryChoiceOr } from '../../query-choice.js';
import { ACCESS_FORBIDDEN } from '../../access/permissions.js';
import { defineRpc } from '../../define.js';
import { PAGE_LIMIT_MAX, pageRequestFields, pageSchema } from '../../page.js';
import { IdRefSchema, limits, requiredLine, SelectedLocationSchema } from '../../portfolio/validation.js';
import {
  InboxItemSchema,
  InboxSearchResultSchema,
  MessageSessionSchema,
  ThreadMessageSchema,
  type InboxItem,
  type MessageSessionView,
  type ThreadMessage,
} from '../inbox.js';

const LOCATION_NOT_FOUND = 'Property location not found';
export const MESSAGE_SESSION_NOT_FOUND = 'Message session not found';
const pageErrors = ['Invalid cursor', `Limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}`];

// The BFF reads an empty query value (`?channel=`) as a value not given (contracts/http.ts): each choice below says so
// in the API description by accepting '' too, and reads it as its default.
export const InboxFromSchema = queryChoiceOr(['all', 'tenants', 'vendors'], 'From must be one of all, tenants, vendors', 'all');
export const InboxFilterSchema = queryChoiceOr(['all', 'in_progress', 'completed', 'emergency'], 'Filter must be one of all, in_progress, completed, emergency', 'all');
const ChannelFilterSchema = queryChoice(['sms', 'email'], 'Channel must be sms or email');
/** An optional tenant to narrow a list to; '' (the BFF's empty query value) is no choice, like an absent one. */
const TenantFilterSchema = IdRefSchema.optional().transform((value) => value || undefined);

const sessionFixture: MessageSessionView = {
  session_id: '01937b20-0a1b-7c2d-8e3f-4a5b6c7d8ea0',
  type: 'sms',
  tenant_id: '01937a12-3e4f-7a5b-8c1d-2e3f4a5b6c7d',
  tenant: { id: '01937a12-3e4f-7a5b-8c1d-2e3f4a5b6c7d', full_name: 'Maria Lopez', unit_id: '01937a11-2d3e-7f4a-9b0c-1d2e3f4a5b6c', building_id: '01937a10-1c2d-7e3f-8a9b-0c1d2e3f4a5b' },
  building_id: '01937a10-1c2d-7e3f-8a9b-0c1d2e3f4a5b',
  property_location_id: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c',
  from: { name: 'Maria Lopez', source: '+15551234567', to: '+14155550123' },
  subject: null,
  status: 'needs_response',
  urgent: false,
  unread_count: 1,
  last_message: { id: '01937b20-0a1b-7c2d-8e3f-4a5b6c7d8e9f', message: 'My kitchen sink is leaking, water everywhere', role: 'tenant', created_at: '2026-11-24T10:15:00.000Z' },
  created_at: '2026-11-24T10:15:00.000Z',
  updated_at: '2026-11-24T10:15:00.000Z',
};

const messageFixture: ThreadMessage = {
  id: '01937b20-0a1b-7c2d-8e3f-4a5b6c7d8e9f',
  session_id: sessionFixture.session_id,
  external_id: 'SM0123456789abcdef0123456789abcdef',
  direction: 'inbound',
  role: 'tenant',
  message: 'My kitchen sink is leaking, water everywhere',
  sender_name: 'Maria Lopez',
  sender_verified: true,
  media: [{ url: 'https://api.twilio.com/2010-04-01/Accounts/AC0/Messages/MM0/Media/ME0', content_type: 'image/jpeg' }],
  attachments: [],
  created_at: '2026-11-24T10:15:00.000Z',
  updated_at: '2026-11-24T10:15:00.000Z',
  delivery_status: null,
};

const itemFixture: InboxItem = {
  id: messageFixture.id,
  session_id: sessionFixture.session_id,
  type: 'sms',
  external_id: messageFixture.external_id,
  role: 'tenant',
  message: messageFixture.message,
  sender_name: 'Maria Lopez',
  from: '+15551234567',
  sender_verified: true,
  tenant: sessionFixture.tenant,
  media: messageFixture.media,
  attachments: [],
  status: 'needs_response',
  urgent: false,
  replied_to: false,
  archived: false,
  read: false,
  draft: { status: 'ready', version: 1, reply: 'Thank you for letting us know. Please turn off the water valve under the sink; a plumber is on the way.', failure: null, sources: [{ kind: 'question', id: '01937a20-0a1b-7c2d-8e3f-4a5b6c7d8e00', title: 'What do I do about a water leak?', score: 0.82 }], near_misses: [], outcome: 'model-reply' },
  created_at: messageFixture.created_at,
};

export const InboxItemPageSchema = pageSchema(InboxItemSchema);
export const MessageSessionPageSchema = pageSchema(MessageSessionSchema);
export const ThreadMessagePageSchema = pageSchema(ThreadMessageSchema);
export const InboxSearchPageSchema = pageSchema(InboxSearchResultSchema);

/** What the inbox search box takes: one line, trimmed, at most 200 characters, no control characters. */
export const InboxSearchTextSchema = requiredLine('Search', limits.search);

/**
 * GET conversation/inbox?location_id=&from=&filter=&channel=&limit=&cursor=: the Inbound Messages list (spec 001 §2),
 * a page of the location's inbound messages, newest first. `from`: all, tenants (what tenants and unknown senders
 * wrote on the location's SMS and e-mail channels) or vendors (vendor conversations); `filter` (spec 001 §4): in
 * progress = not replied to and not archived, completed = archived, emergency = urgent.
 */
export const ListInboxItems = defineRpc({
  subject: 'pm.rpc.messaging.inbox.list.v1',
  description: 'the Inbound Messages list: a page of inbound messages, newest first; each an Inbox item (sender, tenant as messaging knows them now, media, `status`, `urgent`, `replied_to`, `archived`, `read`)',
  access: 'message:read',
  http: { method: 'GET', path: 'conversation/inbox' },
  errors: { 400: ['No location selected', ...pageErrors], 404: LOCATION_NOT_FOUND, 403: ACCESS_FORBIDDEN },
  request: z.object({
    location_id: SelectedLocationSchema,
    from: InboxFromSchema,
    filter: InboxFilterSchema,
    channel: ChannelFilterSchema,
    ...pageRequestFields,
  }),
  response: InboxItemPageSchema,
  fixture: {
    request: { location_id: sessionFixture.property_location_id, from: 'tenants', filter: 'in_progress', limit: 50 },
    response: { items: [itemFixture], next_cursor: null, total: 1 },
  },
});

/**
 * GET conversation/inbox/unread-count?location_id= (spec 000 §7): how many inbound messages of the location nobody of
 * the team has marked read yet (the navbar's badge, polled every 30 s).
 */
export const GetInboxUnreadCount = defineRpc({
  subject: 'pm.rpc.messaging.inbox.unread-count.v1',
  description: '`{ unreadCount }`: inbound messages nobody of the team has marked read (spec 000 §7, the navbar badge)',
  access: 'message:read',
  http: { method: 'GET', path: 'conversation/inbox/unread-count' },
  errors: { 400: 'No location selected', 404: LOCATION_NOT_FOUND, 403: ACCESS_FORBIDDEN },
  request: z.object({ location_id: SelectedLocationSchema }),
  response: z.object({ unreadCount: z.number().int().nonnegative() }),
  fixture: { request: { location_id: sessionFixture.property_location_id }, response: { unreadCount: 3 } },
});

/**
 * GET message-session/all?location_id=&channel=&tenant_id=&limit=&cursor=: a page of the location's message sessions
 * (one per tenant, or unknown sender, and channel), the most recently active first: the inbox's session drawer, and
 * with `tenant_id` one tenant's sessions (the tenant detail's SMS tab).
 */
export const ListMessageSessions = defineRpc({
  subject: 'pm.rpc.messaging.session.list.v1',
  description: "the session drawer: one session per tenant (or unknown sender) and SMS, one per e-mail thread (`tenant_id`: one tenant's sessions); the most recently active first, each with `from { name, source, to }`, `subject`, `status`, `urgent`, `unread_count`, `last_message`",
  access: 'message:read',
  http: { method: 'GET', path: 'message-session/all' },
  errors: { 400: ['No location selected', ...pageErrors], 404: LOCATION_NOT_FOUND, 403: ACCESS_FORBIDDEN },
  request: z.object({ location_id: SelectedLocationSchema, channel: ChannelFilterSchema, tenant_id: TenantFilterSchema, ...pageRequestFields }),
  response: MessageSessionPageSchema,
  fixture: {
    request: { location_id: sessionFixture.property_location_id, channel: 'sms', limit: 50 },
    response: { items: [sessionFixture], next_cursor: null, total: 1 },
  },
});

/** GET message-session/{id}: one session with its state; 404 'Message session not found'. */
export const GetMessageSession = defineRpc({
  subject: 'pm.rpc.messaging.session.get.v1',
  description: 'one session',
  access: 'message:read',
  http: { method: 'GET', path: 'message-session/:id' },
  errors: { 404: MESSAGE_SESSION_NOT_FOUND, 403: ACCESS_FORBIDDEN },
  request: z.object({ id: IdRefSchema }),
  response: MessageSessionSchema,
  fixture: { request: { id: sessionFixture.session_id }, response: sessionFixture },
});

/**
 * GET message-session/{id}/messages?limit=&cursor=: the thread, a page at a time from the newest message back (the
 * thread pane shows the latest and loads earlier ones on demand); 404 'Message session not found'.
 */
export const ListSessionMessages = defineRpc({
  subject: 'pm.rpc.messaging.session.messages.v1',
  description: 'the thread, newest first (the pane loads earlier pages on demand)',
  access: 'message:read',
  http: { method: 'GET', path: 'message-session/:id/messages' },
  errors: { 400: pageErrors, 404: MESSAGE_SESSION_NOT_FOUND, 403: ACCESS_FORBIDDEN },
  request: z.object({ id: IdRefSchema, ...pageRequestFields }),
  response: ThreadMessagePageSchema,
  fixture: { request: { id: sessionFixture.session_id, limit: 50 }, response: { items: [messageFixture], next_cursor: null, total: 1 } },
});

/**
 * POST conversation/{id}/mark-read: every inbound message of the session that has arrived so far is read, for the
 * whole team (a message arriving meanwhile stays unread); answers the location's remaining unread count.
 */
export const MarkMessageSessionRead = defineRpc({
  subject: 'pm.rpc.messaging.session.mark-read.v1',
  description: "every inbound message of the session committed so far is read for the team (one arriving meanwhile stays unread); answers the location's `{ unreadCount }`",
  access: 'message:send',
  http: { method: 'POST', path: 'conversation/:id/mark-read' },
  errors: { 404: MESSAGE_SESSION_NOT_FOUND, 403: ACCESS_FORBIDDEN },
  request: z.object({ id: IdRefSchema }),
  response: z.object({ unreadCount: z.number().int().nonnegative() }),
  fixture: { request: { id: sessionFixture.session_id }, response: { unreadCount: 2 } },
});

/**
 * GET conversation/inbox/search?location_id=&q=&channel=&limit=&cursor= (spec 001 §7): the inbox drawer's search box.
 * A page of the location's sessions whose sender (name, phone number — any way it is written — or e-mail address),
 * subject or message text (either direction, every word as a word prefix, in any letter case) match `q`, the most
 * recently active first, each with its newest matching message. 400 "Search is required" / "Search must be at most
 * 200 characters" / "Search contains characters that are not allowed".
 */
export const SearchInbox = defineRpc({
  subject: 'pm.rpc.messaging.inbox.search.v1',
  description: 'the inbox drawer\'s search box: a page of the location\'s sessions (most recently active first, keyset) whose sender — name, tenant\'s name as known now, e-mail address, phone number in any notation (3+ digits, compared digit by digit) — or subject contains `q`, or one of whose messages (either direction) holds every word of `q` as a word prefix, in any letter case; each session with `match`, its newest matching message (null when only the sender or subject matched). `q` is one line, trimmed, 1–200 characters: 400 "Search is required" / "Search must be at most 200 characters" / "Search contains characters that are not allowed". Only letters and digits reach `to_tsquery`, and LIKE wildcards are escaped, so nothing typed is read as an operator',
  access: 'message:read',
  http: { method: 'GET', path: 'conversation/inbox/search' },
  errors: {
    400: ['No location selected', 'Search is required', 'Search must be at most 200 characters', 'Search contains characters that are not allowed', ...pageErrors],
    404: LOCATION_NOT_FOUND,
    403: ACCESS_FORBIDDEN,
  },
  request: z.object({ location_id: SelectedLocationSchema, q: InboxSearchTextSchema, channel: ChannelFilterSchema, ...pageRequestFields }),
  response: InboxSearchPageSchema,
  fixture: {
    request: { location_id: sessionFixture.property_location_id, q: 'sink leak', limit: 50 },
    response: {
      items: [{ ...sessionFixture, match: { id: messageFixture.id, message: messageFixture.message, role: 'tenant', created_at: messageFixture.created_at } }],
      next_cursor: null,
      total: 1,
    },
  },
});

/*
 * The spec's per-channel calls (spec 001 §7 Messaging). Each is answered by the use case of the unified call above
 * with the channel fixed, so the lists, pages, access rule and answers are the same ones.
 */

const channelSessionsRequest = z.object({ location_id: SelectedLocationSchema, tenant_id: TenantFilterSchema, ...pageRequestFields });

/**
 * GET email-session/all?location_id=&tenant_id=&limit=&cursor= (spec 001 §7): a page of the location's e-mail threads,
 * the most recently active first (`GET message-session/all` with `channel=email`).
 */
export const ListEmailSessions = defineRpc({
  subject: 'pm.rpc.messaging.email-session.list.v1',
  access: 'message:read',
  http: { method: 'GET', path: 'email-session/all' },
  errors: { 400: ['No location selected', ...pageErrors], 404: LOCATION_NOT_FOUND, 403: ACCESS_FORBIDDEN },
  request: channelSessionsRequest,
  response: MessageSessionPageSchema,
  fixture: {
    request: { location_id: sessionFixture.property_location_id, limit: 50 },
    response: { items: [{ ...sessionFixture, type: 'email', subject: 'Leak under the kitchen sink', from: { name: 'Maria Lopez', source: 'maria.lopez@example.com', to: 'harbor-view@mail.pm.local' } }], next_cursor: null, total: 1 },
  },
});

/**
 * GET sms-session/all?location_id=&tenant_id=&limit=&cursor= (spec 001 §7): a page of the location's SMS sessions, the
 * most recently active first (`GET message-session/all` with `channel=sms`).
 */
export const ListSmsSessions = defineRpc({
  subject: 'pm.rpc.messaging.sms-session.list.v1',
  access: 'message:read',
  http: { method: 'GET', path: 'sms-session/all' },
  errors: { 400: ['No location selected', ...pageErrors], 404: LOCATION_NOT_FOUND, 403: ACCESS_FORBIDDEN },
  request: channelSessionsRequest,
  response: MessageSessionPageSchema,
  fixture: { request: { location_id: sessionFixture.property_location_id, limit: 50 }, response: { items: [sessionFixture], next_cursor: null, total: 1 } },
});

/** Our words where the spec is silent: the thread asked for as an e-mail is an SMS session. */
export const NOT_AN_EMAIL_THREAD = 'This conversation is not an e-mail thread';

/**
 * GET email/{externalId}?limit=&cursor= (spec 001 §7): one e-mail thread, its session (state, sender, subject) and a
 * page of its messages from the newest back; the thread's id is its session's, as in `email/{id}/archive`
 * (`GET message-session/{id}` and `GET message-session/{id}/messages` in one answer). 404 'Message session not found';
 * an SMS session's id answers 409.
 */
export const GetEmailThread = defineRpc({
  subject: 'pm.rpc.messaging.email-thread.get.v1',
  access: 'message:read',
  http: { method: 'GET', path: 'email/:externalId' },
  errors: { 400: pageErrors, 404: MESSAGE_SESSION_NOT_FOUND, 409: NOT_AN_EMAIL_THREAD, 403: ACCESS_FORBIDDEN },
  request: z.object({ externalId: IdRefSchema, ...pageRequestFields }),
  response: z.object({ session: MessageSessionSchema, messages: ThreadMessagePageSchema }),
  fixture: {
    request: { externalId: sessionFixture.session_id, limit: 50 },
    response: {
      session: { ...sessionFixture, type: 'email', subject: 'Leak under the kitchen sink', from: { name: 'Maria Lopez', source: 'maria.lopez@example.com', to: 'harbor-view@mail.pm.local' } },
      messages: { items: [{ ...messageFixture, external_id: '<CAF0leak@mail.example.com>', media: [] }], next_cursor: null, total: 1 },
    },
  },
});

/**
 * GET email/all?locationId=&filterBy=&limit=&cursor= (spec 001 §7, polled every 30 s): the location's inbound e-mails,
 * newest first, with their inbox state (`GET conversation/inbox` with `channel=email`); `filterBy` as the inbox's
 * filter (all, in_progress, completed, emergency). The spec's `email` parameter, the location's own address, is not
 * needed: the location says which address its e-mails came to.
 */
export const ListEmails = defineRpc({
  subject: 'pm.rpc.messaging.email.list.v1',
  access: 'message:read',
  http: { method: 'GET', path: 'email/all' },
  errors: { 400: ['No location selected', 'Filter must be one of all, in_progress, completed, emergency', ...pageErrors], 404: LOCATION_NOT_FOUND, 403: ACCESS_FORBIDDEN },
  request: z.object({ locationId: SelectedLocationSchema, filterBy: InboxFilterSchema, ...pageRequestFields }),
  response: InboxItemPageSchema,
  fixture: {
    request: { locationId: sessionFixture.property_location_id, filterBy: 'in_progress', limit: 50 },
    response: { items: [{ ...itemFixture, type: 'email', external_id: '<CAF0leak@mail.example.com>', from: 'maria.lopez@example.com', media: [] }], next_cursor: null, total: 1 },
  },
});
