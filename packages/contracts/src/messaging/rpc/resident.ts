import { z } from 'zod';
import { defineRpc } from '../../define.js';
import { pageRequestFields } from '../../page.js';
import { IdRefSchema, requiredText } from '../../portfolio/validation.js';
import { messagingLimits } from '../inbound.js';
import { ThreadMessageSchema } from '../inbox.js';
import { MESSAGE_SESSION_NOT_FOUND, MessageSessionPageSchema, ThreadMessagePageSchema } from './inbox.js';
import { REPLY_REQUIRED } from './replies.js';

/*
 * The resident's own conversations (spec 002 §2 Messages, spec 001 §7 sms-session/all/resident). A resident is the
 * tenant (or tenants, one per property) whose e-mail contact is the e-mail address of their account: the rule portfolio
 * links a resident account to its tenants by. Another resident's sessions answer 404, as sessions that do not exist.
 */

const sessionFixture = {
  session_id: '01937b20-0a1b-7c2d-8e3f-4a5b6c7d8ea0',
  type: 'sms' as const,
  tenant_id: '01937a12-3e4f-7a5b-8c1d-2e3f4a5b6c7d',
  tenant: { id: '01937a12-3e4f-7a5b-8c1d-2e3f4a5b6c7d', full_name: 'Jasmine Howard', unit_id: '01937a11-2d3e-7f4a-9b0c-1d2e3f4a5b6c', building_id: '01937a10-1c2d-7e3f-8a9b-0c1d2e3f4a5b' },
  building_id: '01937a10-1c2d-7e3f-8a9b-0c1d2e3f4a5b',
  property_location_id: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c',
  from: { name: 'Jasmine Howard', source: '+15551234567', to: '+14155550123' },
  subject: null,
  status: 'needs_response' as const,
  urgent: false,
  unread_count: 0,
  last_message: { id: '01937b20-0a1b-7c2d-8e3f-4a5b6c7d8e9f', message: 'Is the pool open this weekend?', role: 'tenant' as const, created_at: '2026-11-24T10:15:00.000Z' },
  created_at: '2026-11-24T10:15:00.000Z',
  updated_at: '2026-11-24T10:15:00.000Z',
};
const messageFixture = {
  id: '01937b20-0a1b-7c2d-8e3f-4a5b6c7d8e9f',
  session_id: sessionFixture.session_id,
  external_id: 'SM0123456789abcdef0123456789abcdef',
  direction: 'inbound' as const,
  role: 'tenant' as const,
  message: 'Is the pool open this weekend?',
  sender_name: 'Jasmine Howard',
  sender_verified: true,
  media: [],
  created_at: '2026-11-24T10:15:00.000Z',
  updated_at: '2026-11-24T10:15:00.000Z',
  delivery_status: null,
  attachments: [],
};

const residentSessions = (channel: 'sms' | 'email', path: string, description: string) =>
  defineRpc({
    subject: `pm.rpc.messaging.resident.${channel}-sessions.v1`,
    description,
    http: { method: 'GET', path },
    errors: { 400: ['Invalid cursor'] },
    request: z.object({ ...pageRequestFields }),
    response: MessageSessionPageSchema,
    fixture: { request: { limit: 50 }, response: { items: [{ ...sessionFixture, type: channel }], next_cursor: null, total: 1 } },
  });

/** GET sms-session/all/resident: the signed-in resident's SMS conversations with their properties, newest updated first. */
export const ListResidentSmsSessions = residentSessions('sms', 'sms-session/all/resident', 'their SMS sessions, newest updated first');

/** GET email-session/all/resident: the signed-in resident's e-mail threads with their properties, newest updated first. */
export const ListResidentEmailSessions = residentSessions('email', 'email-session/all/resident', 'their e-mail threads');

/** GET resident/message-session/{id}/messages: a thread of the resident's own, a page at a time from the newest back. */
export const ListResidentSessionMessages = defineRpc({
  subject: 'pm.rpc.messaging.resident.session-messages.v1',
  description: 'a thread of their own; any other session 404 "Message session not found"; the team\'s replies (stored without a sender) come with the property\'s name as `sender_name` (the location directory\'s)',
  // The resident's own conversations: a session of one of the caller's tenants (by their account's e-mail), never a
  // location's; another resident's session answers 404 (services/messaging/test/resident-messages.int-spec.ts).
  access: 'caller',
  http: { method: 'GET', path: 'resident/message-session/:id/messages' },
  errors: { 400: ['Invalid cursor'], 404: MESSAGE_SESSION_NOT_FOUND },
  request: z.object({ id: IdRefSchema, ...pageRequestFields }),
  response: ThreadMessagePageSchema,
  fixture: { request: { id: sessionFixture.session_id, limit: 50 }, response: { items: [messageFixture], next_cursor: null, total: 1 } },
});

/**
 * POST resident/message-session/{id}/messages: the resident writes to their property from the portal. The message
 * joins the session as an inbound message of the tenant, like a text or an e-mail: it is in the team's inbox with an
 * AI draft of the reply, which the team approves before anything goes out.
 */
export const SendResidentMessage = defineRpc({
  subject: 'pm.rpc.messaging.resident.send.v1',
  description: 'their message as an inbound message of the session (provider `portal`, id `portal:<uuid>`), with `MessageReceived` and a pending draft in one transaction: the team sees it in the inbox and answers it like a text; 201, takes `Idempotency-Key`; "Message is required."',
  // The resident's own conversation (another resident's session answers 404).
  access: 'caller',
  http: { method: 'POST', path: 'resident/message-session/:id/messages', status: 201, idempotent: true },
  errors: { 400: [REPLY_REQUIRED, `Message must be at most ${messagingLimits.smsBody.toLocaleString('en-US')} characters`, 'Message contains characters that are not allowed'], 404: MESSAGE_SESSION_NOT_FOUND },
  request: z.object({ id: IdRefSchema, message: requiredText('Message', messagingLimits.smsBody, { required: REPLY_REQUIRED }) }),
  response: ThreadMessageSchema,
  fixture: { request: { id: sessionFixture.session_id, message: 'Is the pool open this weekend?' }, response: { ...messageFixture, external_id: 'portal:01937b20-0a1b-7c2d-8e3f-4a5b6c7d8e9f' } },
});
