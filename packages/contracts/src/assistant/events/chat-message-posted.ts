import { z } from 'zod';
import { defineEvent } from '../../define.js';
import { CHAT_MESSAGE_MAX, ChatOutcomeSchema, ChatRoleSchema, ChatSourceSchema } from '../terri-chat.js';

/**
 * A message joined a user's Terri channel: the person's own, or Terri's reply to it. Addressed to that one user
 * (the chat stream sends it to them only); the person's message is what Terri's reply consumer answers.
 */
export const ChatMessagePosted = defineEvent({
  subject: 'pm.assistant.chat-message.posted.v1',
  data: z.object({
    messageId: z.string().min(1),
    userId: z.string().min(1),
    role: ChatRoleSchema,
    // An assistant reply may quote several facts; the person's own text is at most CHAT_MESSAGE_MAX.
    text: z.string().min(1).max(CHAT_MESSAGE_MAX * 4),
    replyTo: z.string().max(100).nullable(),
    sources: z.array(ChatSourceSchema).max(20),
    outcome: ChatOutcomeSchema.nullable(),
    createdAt: z.iso.datetime(),
  }),
  fixture: {
    messageId: '01936f6e-8b7a-7c3e-9a1b-2f4d5e6a7b8c',
    userId: 'usr_01HZX3',
    role: 'user',
    text: 'When is trash collected?',
    replyTo: null,
    sources: [],
    outcome: null,
    createdAt: '2026-11-24T10:15:00.000Z',
  },
});
