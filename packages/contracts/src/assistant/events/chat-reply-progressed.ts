import { z } from 'zod';
import { defineEvent } from '../../define.js';
import { CHAT_MESSAGE_MAX } from '../terri-chat.js';

/**
 * Terri has written more of a reply: its text so far (whole words, before the grounding check), under the id the
 * reply will be stored with, addressed to the one user it answers. Published straight to JetStream while the model
 * writes, like `ManagerChatAnswerProgressed`; `ChatMessagePosted` with the same `messageId` then carries the reply
 * as stored.
 */
export const ChatReplyProgressed = defineEvent({
  subject: 'pm.assistant.chat-message.reply-progressed.v1',
  data: z.object({
    messageId: z.string().min(1),
    userId: z.string().min(1),
    replyTo: z.string().max(100),
    text: z.string().max(CHAT_MESSAGE_MAX * 4),
    createdAt: z.iso.datetime(),
  }),
  fixture: {
    messageId: '01936f6e-8b7b-7c3e-9a1b-2f4d5e6a7b8c',
    userId: 'usr_01HZX3',
    replyTo: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c',
    text: 'Trash is collected on',
    createdAt: '2026-11-24T10:15:02.000Z',
  },
});
