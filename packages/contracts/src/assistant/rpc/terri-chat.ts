import { z } from 'zod';
import { defineRpc } from '../../define.js';
import { IdRefSchema } from '../../text.js';
import { pageRequestFields, pageSchema } from '../../page.js';
import {
  ANONYMOUS_CHAT_MESSAGE_LIMIT,
  CHAT_LIMIT_MESSAGE,
  ChatMessageSchema,
  ChatMessageTextSchema,
  ChatRatingSchema,
  chatMessageFixture,
} from '../terri-chat.js';

const MESSAGE_NOT_FOUND = 'Message not found';
const idRef = IdRefSchema;

/** The stream every Terri message reaches the browser on (see TerriChatStream). */
export const TERRI_CHAT_STREAM_PATH = 'chat/stream';

/**
 * GET auth/chat-token (spec 000 §7): what the browser needs to open its chat channel. Our channel is our own SSE
 * stream, which takes the session's access token like every other call, so there is no second secret to hand out:
 * `tokenOrProvider` is `session` (open `stream_path` with the session's token), and `channel` is the caller's own
 * channel, derived from the verified token, never from anything the caller sends.
 */
export const GetChatToken = defineRpc({
  subject: 'pm.rpc.assistant.chat-token.get.v1',
  description: '`{ tokenOrProvider: "session", channel: "user-channel_<userId>", user_id, stream_path: "chat/stream" }`. Our chat channel is our own SSE stream, opened with the session\'s access token like every call, so there is no second secret to hand out or leak; the channel is derived from the verified caller, never from input.',
  http: { method: 'GET', path: 'auth/chat-token' },
  request: z.object({}),
  response: z.object({
    tokenOrProvider: z.literal('session'),
    channel: z.string().min(1).max(200),
    user_id: z.string().min(1),
    stream_path: z.literal(TERRI_CHAT_STREAM_PATH),
  }),
  fixture: {
    request: {},
    response: { tokenOrProvider: 'session', channel: 'user-channel_usr_01HZX3', user_id: 'usr_01HZX3', stream_path: TERRI_CHAT_STREAM_PATH },
  },
});

/**
 * POST chat/messages: the caller's message joins their channel and Terri answers it shortly after, on the chat
 * stream. An anonymous visitor's message beyond the fifth is refused (403, the spec's limit text).
 */
export const SendChatMessage = defineRpc({
  subject: 'pm.rpc.assistant.chat-message.send.v1',
  description: '201, the stored message; `Idempotency-Key` accepted. Text 1..2,000 characters after trimming, newlines kept (`\\r\\n` → `\\n`), no other control or invisible formatting characters (400 "Message is required", "Message must be at most 2,000 characters", "Message contains characters that are not allowed"). An anonymous visitor\'s 6th message is 403 "You have reached limit of messages for unregistered users." (checked under a per-user advisory lock, so 8 messages sent at once let exactly 5 through).',
  http: { method: 'POST', path: 'chat/messages', status: 201, idempotent: true },
  errors: {
    400: ['Message is required', 'Message must be at most 2,000 characters', 'Message contains characters that are not allowed'],
    403: CHAT_LIMIT_MESSAGE,
  },
  request: z.object({ text: ChatMessageTextSchema }),
  response: ChatMessageSchema,
  fixture: {
    request: { text: 'When is trash collected?' },
    response: { ...chatMessageFixture, id: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c', role: 'user', text: 'When is trash collected?', reply_to: null, sources: [], outcome: null },
  },
});

/** GET chat/messages: the caller's channel, newest message first, a page at a time. */
export const ListChatMessages = defineRpc({
  subject: 'pm.rpc.assistant.chat-message.list.v1',
  description: "the caller's channel, newest first, the platform's page shape.",
  http: { method: 'GET', path: 'chat/messages' },
  errors: { 400: 'Invalid cursor' },
  request: z.object(pageRequestFields),
  response: pageSchema(ChatMessageSchema),
  fixture: { request: { limit: 50 }, response: { items: [chatMessageFixture], next_cursor: null, total: 1 } },
});

/**
 * PUT chat/messages/{message_id}/reaction (the spec's `rate` reaction: rating, user_id, message_id): the caller rates
 * one of Terri's messages in their own channel; rating again replaces the rating. Another user's message answers 404,
 * as one that does not exist; the person's own message cannot be rated (400).
 */
export const RateChatMessage = defineRpc({
  subject: 'pm.rpc.assistant.chat-message.rate.v1',
  description: 'the spec\'s `rate` reaction. Only Terri\'s messages (400 "Only assistant messages can be rated"); another user\'s message is 404 "Message not found", as one that does not exist; a `user_id` other than the caller\'s is 403. Rating again replaces the rating.',
  // Terri's chat: a message of the caller's own channel (another user's answers 404, as one that does not exist;
  // services/assistant/test/terri-chat.int-spec.ts).
  access: 'caller',
  http: { method: 'PUT', path: 'chat/messages/:message_id/reaction' },
  errors: { 400: ['Only assistant messages can be rated', 'Rating must be positive or negative'], 403: 'You can rate only messages of your own chat', 404: MESSAGE_NOT_FOUND },
  request: z.object({
    message_id: idRef,
    type: z.literal('rate', { error: 'The reaction type must be rate' }).default('rate'),
    rating: z.enum(ChatRatingSchema.options, { error: 'Rating must be positive or negative' }),
    /** The spec's reaction carries the user id: when sent, it must be the caller's. */
    user_id: idRef.optional(),
  }),
  response: ChatMessageSchema,
  fixture: {
    request: { message_id: chatMessageFixture.id, type: 'rate', rating: 'positive', user_id: 'usr_01HZX3' },
    response: { ...chatMessageFixture, rating: 'positive', own_reactions: [{ type: 'rate', rating: 'positive' }] },
  },
});

/** GET chat/usage: what the web polls (every second, spec 000 §4.4) to know whether an anonymous visitor is limited. */
export const GetChatUsage = defineRpc({
  subject: 'pm.rpc.assistant.chat-usage.get.v1',
  description: '`{ user_messages, limit (5, or null once registered), limited }`, what the web polls every second.',
  http: { method: 'GET', path: 'chat/usage' },
  request: z.object({}),
  response: z.object({
    // A count of stored messages: bounded by what was stored, not by input.
    user_messages: z.number().int().nonnegative(),
    /** The most messages the caller may send; null for a registered user (no limit). */
    limit: z.number().int().positive().max(1_000).nullable(),
    limited: z.boolean(),
  }),
  fixture: { request: {}, response: { user_messages: 5, limit: ANONYMOUS_CHAT_MESSAGE_LIMIT, limited: true } },
});

/** Spec 000 §9: the chat suggests 4 starter questions. */
export const CHAT_STARTER_QUESTIONS = 4;

/**
 * GET chat/starter-questions: the starter questions for the caller's home, each one Terri can answer from what it has
 * about that home: the questions of their manager's Q&A (a registered tenant of a managed location), those the
 * area's facts answer (its city's services, its state's tenant law), and the address question. Fewer than four when
 * Terri knows less; none before the caller has a home.
 */
export const GetChatStarterQuestions = defineRpc({
  subject: 'pm.rpc.assistant.chat-starters.get.v1',
  http: { method: 'GET', path: 'chat/starter-questions' },
  request: z.object({}),
  response: z.object({ questions: z.array(z.string().min(1).max(300)).max(CHAT_STARTER_QUESTIONS) }),
  fixture: {
    request: {},
    response: { questions: ['Which day is trash day?', 'How often is trash collected here?', 'When must my landlord return my security deposit?', 'What address do you have for my home?'] },
  },
});
