import { z } from 'zod';
import { defineEvent } from '../../define.js';
import { ManagerChatMessageSchema, managerChatQuestionFixture, managerChatReplyFixture } from '../manager-chat.js';

/**
 * The manager's AI chat answered a message: addressed to the one user who asked, so their other tabs (the widget,
 * the full page) show the exchange too. Carries both messages whole, so the stream needs no query back.
 */
export const ManagerChatAnswered = defineEvent({
  subject: 'pm.assistant.manager-chat.answered.v1',
  data: z.object({
    userId: z.string().min(1),
    sessionId: z.string().min(1),
    locationId: z.string().nullable(),
    question: ManagerChatMessageSchema,
    reply: ManagerChatMessageSchema,
  }),
  fixture: {
    userId: 'usr_01HZX3',
    sessionId: managerChatQuestionFixture.session_id,
    locationId: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c',
    question: managerChatQuestionFixture,
    reply: managerChatReplyFixture,
  },
});
