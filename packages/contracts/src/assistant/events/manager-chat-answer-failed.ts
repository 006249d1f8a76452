import { z } from 'zod';
import { defineEvent } from '../../define.js';
import { managerChatQuestionFixture } from '../manager-chat.js';

/**
 * The manager's AI chat could not answer a question it had taken (`StartManagerChatAnswer`): nothing was stored, and
 * `error` says why in words for the asker (the AI is unavailable, or "Failed to generate AI response"). Addressed to
 * the one user who asked.
 */
export const ManagerChatAnswerFailed = defineEvent({
  subject: 'pm.assistant.manager-chat.answer-failed.v1',
  data: z.object({
    userId: z.string().min(1),
    messageId: z.string().min(1),
    sessionId: z.string().min(1),
    error: z.string().min(1).max(1_000),
  }),
  fixture: {
    userId: 'usr_01HZX3',
    messageId: managerChatQuestionFixture.id,
    sessionId: managerChatQuestionFixture.session_id,
    error: 'Failed to generate AI response',
  },
});
