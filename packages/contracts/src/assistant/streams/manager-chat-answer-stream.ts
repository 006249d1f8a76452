import { z } from 'zod';
import { defineStream, streamSource, streamStart } from '../../define-stream.js';
import { ManagerChatAnswerFailed } from '../events/manager-chat-answer-failed.js';
import { ManagerChatAnswerProgressed } from '../events/manager-chat-answer-progressed.js';
import { ManagerChatAnswered } from '../events/manager-chat-answered.js';
import {
  managerChatLimits,
  managerChatMessages,
  ManagerChatMessageSchema,
  ManagerChatOutcomeSchema,
  managerChatQuestionFixture,
  managerChatReplyFixture,
  ManagerChatSourceSchema,
} from '../manager-chat.js';
import { StartManagerChatAnswer } from '../rpc/manager-chat.js';

/**
 * One message of `GET simulation/communicate/stream` (spec 002 §7: "Stream messages carry a type (completed or
 * error) and an error field"). While the model writes, `partial` messages carry the answer so far (whole words, the
 * model's words before the grounding check); then exactly one `completed`, with the exchange as stored (the same
 * fields as POST simulation/communicate answers), or one `error`, whose `error` is the server's reason. `error` is
 * null on the others.
 */
export const ManagerChatStreamMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('partial'),
    message_id: z.string().min(1),
    session_id: z.string().min(1),
    text: z.string().max(managerChatLimits.reply),
    error: z.null(),
  }),
  z.object({
    type: z.literal('completed'),
    message_id: z.string().min(1),
    session_id: z.string().min(1),
    /** The reply's text. */
    message: z.string().max(managerChatLimits.reply),
    sources: z.array(ManagerChatSourceSchema),
    outcome: ManagerChatOutcomeSchema.nullable(),
    question: ManagerChatMessageSchema,
    reply: ManagerChatMessageSchema,
    error: z.null(),
  }),
  z.object({
    type: z.literal('error'),
    message_id: z.string().min(1),
    session_id: z.string().min(1).nullable(),
    error: z.string().min(1).max(1_000),
  }),
]);
export type ManagerChatStreamMessage = z.infer<typeof ManagerChatStreamMessageSchema>;

/** How long the stream waits for the answer's end: longer than the assistant's own deadline (CHAT_STREAM_TIMEOUT_MS). */
export const MANAGER_CHAT_STREAM_TIMEOUT_MS = 200_000;

/**
 * GET simulation/communicate/stream (spec 002 §7): the manager's AI chat answering one message, as it is written.
 * The query is POST simulation/communicate's body (`message`, `location_id` or `property_id`, `session_id`,
 * `document_id`, `chat_type`) and `message_id`, the question's id (a UUID; the BFF draws one when it is left out, and
 * the same id again resumes that answer rather than asking twice). Refusals (400, 401, 404, 409, 503) are answered
 * before the stream opens, as JSON; once open, the stream ends with `completed` or `error`.
 */
export const ManagerChatAnswerStream = defineStream({
  path: 'simulation/communicate/stream',
  eventName: 'message',
  data: ManagerChatStreamMessageSchema,
  sources: [
    streamSource(ManagerChatAnswerProgressed, {
      userOf: ({ data }) => data.userId,
      project: ({ data }) => ({ type: 'partial' as const, message_id: data.messageId, session_id: data.sessionId, text: data.text, error: null }),
    }),
    streamSource(ManagerChatAnswered, {
      userOf: ({ data }) => data.userId,
      project: ({ data }) => ({
        type: 'completed' as const,
        message_id: data.question.id,
        session_id: data.sessionId,
        message: data.reply.content,
        sources: data.reply.sources,
        outcome: data.reply.outcome,
        question: data.question,
        reply: data.reply,
        error: null,
      }),
    }),
    streamSource(ManagerChatAnswerFailed, {
      userOf: ({ data }) => data.userId,
      project: ({ data }) => ({ type: 'error' as const, message_id: data.messageId, session_id: data.sessionId, error: data.error }),
    }),
  ],
  start: streamStart(ManagerChatStreamMessageSchema, {
    rpc: StartManagerChatAnswer,
    key: 'message_id',
    keyOf: (data) => data.message_id,
    ends: (data) => data.type !== 'partial',
    resumed: (response) => response.resumed,
    timeoutMs: MANAGER_CHAT_STREAM_TIMEOUT_MS,
    timedOut: (messageId) => ({ type: 'error' as const, message_id: messageId, session_id: null, error: managerChatMessages.answerFailed }),
  }),
  description: "The manager's AI chat answering one message: its words as they are written, then the stored exchange (completed) or the reason it failed (error).",
  fixture: {
    type: 'completed',
    message_id: managerChatQuestionFixture.id,
    session_id: managerChatQuestionFixture.session_id,
    message: managerChatReplyFixture.content,
    sources: managerChatReplyFixture.sources,
    outcome: 'answered',
    question: managerChatQuestionFixture,
    reply: managerChatReplyFixture,
    error: null,
  },
});
