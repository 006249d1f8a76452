import { z } from 'zod';
import { defineEvent } from '../../define.js';
import { managerChatLimits, managerChatQuestionFixture } from '../manager-chat.js';

/**
 * The manager's AI chat has written more of an answer: the text so far (whole words; the model's words before the
 * grounding check, so the completed answer may differ), addressed to the one user who asked. Published straight to
 * JetStream, not through the outbox, a few times a second while the model writes: losing one costs a moment of
 * display, since each carries the whole text so far and `ManagerChatAnswered` carries the answer as stored.
 */
export const ManagerChatAnswerProgressed = defineEvent({
  subject: 'pm.assistant.manager-chat.answer-progressed.v1',
  data: z.object({
    userId: z.string().min(1),
    /** The question's id (the stream's `message_id`), which the stored question keeps. */
    messageId: z.string().min(1),
    sessionId: z.string().min(1),
    text: z.string().max(managerChatLimits.reply),
  }),
  fixture: {
    userId: 'usr_01HZX3',
    messageId: managerChatQuestionFixture.id,
    sessionId: managerChatQuestionFixture.session_id,
    text: 'Maple Court has 14 units,',
  },
});
