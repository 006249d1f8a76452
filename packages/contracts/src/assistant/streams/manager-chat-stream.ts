import { z } from 'zod';
import { defineStream, streamSource } from '../../define-stream.js';
import { ManagerChatAnswered } from '../events/manager-chat-answered.js';
import { ManagerChatMessageSchema, managerChatQuestionFixture, managerChatReplyFixture } from '../manager-chat.js';

/** GET simulation/stream: each exchange of the caller's AI chat as it is answered, in any of their tabs. */
export const ManagerChatStream = defineStream({
  path: 'simulation/stream',
  eventName: 'chat-message',
  data: z.object({ session_id: z.string().min(1), location_id: z.string().nullable(), question: ManagerChatMessageSchema, reply: ManagerChatMessageSchema }),
  sources: [
    streamSource(ManagerChatAnswered, {
      userOf: (event) => event.data.userId,
      project: ({ data }) => ({ session_id: data.sessionId, location_id: data.locationId, question: data.question, reply: data.reply }),
    }),
  ],
  description: "The caller's own AI chat exchanges (question and reply) as they are answered, so every open tab stays in step.",
  fixture: { session_id: managerChatQuestionFixture.session_id, location_id: null, question: managerChatQuestionFixture, reply: managerChatReplyFixture },
});
