import { z } from 'zod';
import { queryChoice } from '../../query-choice.js';
import { defineRpc } from '../../define.js';
import { pageRequestFields, pageSchema, PAGE_LIMIT_MAX } from '../../page.js';
import { IdRefSchema } from '../../portfolio/validation.js';
import {
  ManagerChatMessageSchema,
  managerChatLimits,
  ManagerChatTextSchema,
  ManagerChatOutcomeSchema,
  ManagerChatSessionSchema,
  ManagerChatSourceSchema,
  ManagerChatTypeSchema,
  managerChatQuestionFixture,
  managerChatReplyFixture,
  managerChatSessionFixture,
  managerChatMessages,
} from '../manager-chat.js';

// An id that names nothing answers 404 with the resource's message, like an unknown one.
const optionalId = IdRefSchema.optional();

/**
 * POST simulation/communicate (spec 001 §7): one message to the manager's AI chat. Without `session_id` it starts a
 * session; `location_id` (or its older name `property_id`) narrows the General tab to one property location the
 * caller reaches (404 otherwise). The answer is also published to the caller's other tabs (stream `simulation/stream`).
 */
/** What one message to the chat is, however it is sent (POST simulation/communicate, or its stream). */
const communicateFields = {
  message: ManagerChatTextSchema,
  session_id: optionalId,
  property_id: optionalId,
  location_id: optionalId,
  document_id: optionalId,
  chat_type: ManagerChatTypeSchema.default('general'),
};
const sameLocation = (r: { property_id?: string | undefined; location_id?: string | undefined }) => r.property_id === undefined || r.location_id === undefined || r.property_id === r.location_id;

const communicateErrors = {
  400: [managerChatMessages.messageRequired, managerChatMessages.messageTooLong, managerChatMessages.messageNotAllowed, managerChatMessages.locationsDiffer, managerChatMessages.sessionOfOtherTab],
  404: [managerChatMessages.sessionNotFound, 'Property location not found'],
  409: managerChatMessages.sessionFull,
  503: 'The assistant cannot answer right now: its AI model is unavailable.',
};

export const CommunicateWithAssistant = defineRpc({
  subject: 'pm.rpc.assistant.manager-chat.communicate.v1',
  description: "`{ message, session_id?, location_id?, property_id?, document_id?, chat_type: general | documents }` → `{ session_id, message, sources[], outcome, question, reply }`; takes an `Idempotency-Key`; the assistant answers within `CHAT_ANSWER_TIMEOUT_MS` (45 s: what the model wrote by then, ended at its last sentence), the BFF waits up to 55 s (the contract's `http.timeoutMs`)",
  // The manager's AI chat: the caller's own sessions (another user's answer 404). A location a chat message names is
  // read through portfolio's calls with the caller's token, so portfolio's access rules answer for it (404 for a
  // location they do not reach; services/assistant/test/manager-chat.int-spec.ts).
  access: 'caller',
  // The web gives up after 60 s (spec 001 §9); the BFF answers its own 504 just before, so the toast is the server's.
  http: { method: 'POST', path: 'simulation/communicate', idempotent: true, timeoutMs: 55_000 },
  errors: communicateErrors,
  request: z.object(communicateFields).refine(sameLocation, managerChatMessages.locationsDiffer),
  response: z.object({
    session_id: z.string().min(1),
    /** The reply's text. */
    message: z.string().max(managerChatLimits.reply),
    sources: z.array(ManagerChatSourceSchema),
    outcome: ManagerChatOutcomeSchema,
    /** The question and the reply as stored, for the message list. */
    question: ManagerChatMessageSchema,
    reply: ManagerChatMessageSchema,
  }),
  fixture: {
    request: { message: managerChatQuestionFixture.content, chat_type: 'general', location_id: managerChatSessionFixture.location_id! },
    response: {
      session_id: managerChatSessionFixture.id,
      message: managerChatReplyFixture.content,
      sources: managerChatReplyFixture.sources,
      outcome: 'answered',
      question: managerChatQuestionFixture,
      reply: managerChatReplyFixture,
    },
  },
});

/** GET simulation/sessions?chat_type=&limit=&cursor=: a page of the caller's own sessions, most recent first. */
export const ListChatSessions = defineRpc({
  subject: 'pm.rpc.assistant.manager-chat.list-sessions.v1',
  description: "a page of the caller's sessions, most recent first",
  http: { method: 'GET', path: 'simulation/sessions' },
  errors: { 400: ['Invalid cursor', `Limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}`] },
  request: z.object({ chat_type: queryChoice(['general', 'documents'], 'Chat type must be general or documents'), ...pageRequestFields }),
  response: pageSchema(ManagerChatSessionSchema),
  fixture: { request: { chat_type: 'general', limit: 20 }, response: { items: [managerChatSessionFixture], next_cursor: null, total: 1 } },
});

/** GET simulation/sessions/{id}: one of the caller's sessions with its messages, oldest first; 404 for anyone else's. */
export const GetChatSession = defineRpc({
  subject: 'pm.rpc.assistant.manager-chat.get-session.v1',
  description: "one of the caller's sessions with its messages, oldest first",
  // The caller's own chat session (another user's answers 404).
  access: 'caller',
  http: { method: 'GET', path: 'simulation/sessions/:id' },
  errors: { 404: managerChatMessages.sessionNotFound },
  request: z.object({ id: IdRefSchema }),
  response: z.object({ session: ManagerChatSessionSchema, messages: z.array(ManagerChatMessageSchema) }),
  fixture: { request: { id: managerChatSessionFixture.id }, response: { session: managerChatSessionFixture, messages: [managerChatQuestionFixture, managerChatReplyFixture] } },
});

/** DELETE simulation/sessions/{id}: the session and its messages are gone; 404 for anyone else's. */
export const DeleteChatSession = defineRpc({
  subject: 'pm.rpc.assistant.manager-chat.delete-session.v1',
  description: 'the session and its messages',
  // The caller's own chat session (another user's answers 404).
  access: 'caller',
  http: { method: 'DELETE', path: 'simulation/sessions/:id' },
  errors: { 404: managerChatMessages.sessionNotFound },
  request: z.object({ id: IdRefSchema }),
  response: z.object({ deleted: z.literal(true) }),
  fixture: { request: { id: managerChatSessionFixture.id }, response: { deleted: true } },
});

/**
 * Starts the answer to one message that `GET simulation/communicate/stream` then carries (`ManagerChatAnswerStream`;
 * not bound to HTTP itself). It checks what POST simulation/communicate checks (the session, the location, with the
 * caller's token) and gathers the facts, then answers the request at once and the question in the background: the
 * answer's words, then the stored exchange or the failure, travel as events addressed to the caller. `message_id`
 * names the question (the stored question keeps it): the same id again, from the same caller, starts nothing new and
 * says so (`resumed`), which is how a browser resumes an answer after a lost connection.
 */
export const StartManagerChatAnswer = defineRpc({
  subject: 'pm.rpc.assistant.manager-chat.answer-start.v1',
  // The streamed answer's start checks the location with the caller's token, as the chat message does
  // (bff/test/manager-chat-stream.int-spec.ts).
  access: 'caller',
  errors: { ...communicateErrors, 400: [...communicateErrors[400], managerChatMessages.messageIdNotUuid], 409: [communicateErrors[409], managerChatMessages.messageIdTaken] },
  request: z.object({ ...communicateFields, message_id: z.uuid(managerChatMessages.messageIdNotUuid) }).refine(sameLocation, managerChatMessages.locationsDiffer),
  response: z.object({
    message_id: z.string().min(1),
    /** The session the exchange is stored in: the one given, or the new one it will start. */
    session_id: z.string().min(1),
    resumed: z.boolean(),
  }),
  fixture: {
    request: { message: managerChatQuestionFixture.content, chat_type: 'general', location_id: managerChatSessionFixture.location_id!, message_id: managerChatQuestionFixture.id },
    response: { message_id: managerChatQuestionFixture.id, session_id: managerChatSessionFixture.id, resumed: false },
  },
});
