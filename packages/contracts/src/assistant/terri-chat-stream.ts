import { z } from 'zod';
import { defineStream, streamSource } from '../define-stream.js';
import { ChatMessagePosted } from './events/chat-message-posted.js';
import { ChatReplyProgressed } from './events/chat-reply-progressed.js';
import { TERRI_CHAT_STREAM_PATH } from './rpc/terri-chat.js';
import { chatChannelOf, ChatMessageSchema, chatMessageFixture } from './terri-chat.js';

/**
 * A message of the chat stream: a message of the channel, or (`partial: true`) Terri's reply while it is being
 * written, under the id it will be stored with: its text so far, in whole words, before the grounding check, so the
 * stored reply that follows with the same id may say it otherwise. Partial copies carry no sources and no outcome.
 */
export const ChatStreamMessageSchema = ChatMessageSchema.extend({ partial: z.boolean().default(false) });
export type ChatStreamMessage = z.infer<typeof ChatStreamMessageSchema>;

/**
 * GET chat/stream: the caller's Terri channel, live. Every message posted to it (their own, from any tab, and
 * Terri's replies, first as they are written and then as stored) reaches that one user only; ratings are the caller's
 * own and come back in the rating call's answer. The manager's chat streams its answers the same way
 * (`ManagerChatAnswerStream`): the text so far travels as events addressed to the user, the stored message after.
 */
export const TerriChatStream = defineStream({
  path: TERRI_CHAT_STREAM_PATH,
  eventName: 'message',
  data: ChatStreamMessageSchema,
  description: "The caller's Terri chat channel: each message posted to it (the caller's own and Terri's replies, also while they are written), for that user only.",
  sources: [
    streamSource(ChatMessagePosted, {
      userOf: ({ data }) => data.userId,
      project: ({ data }) => ({
        id: data.messageId,
        channel: chatChannelOf(data.userId),
        user_id: data.userId,
        role: data.role,
        text: data.text,
        created_at: data.createdAt,
        reply_to: data.replyTo,
        rating: null,
        own_reactions: [],
        sources: data.sources,
        outcome: data.outcome,
        partial: false,
      }),
    }),
    streamSource(ChatReplyProgressed, {
      userOf: ({ data }) => data.userId,
      project: ({ data }) => ({
        id: data.messageId,
        channel: chatChannelOf(data.userId),
        user_id: data.userId,
        role: 'admin' as const,
        text: data.text,
        created_at: data.createdAt,
        reply_to: data.replyTo,
        rating: null,
        own_reactions: [],
        sources: [],
        outcome: null,
        partial: true,
      }),
    }),
  ],
  fixture: { ...chatMessageFixture, partial: false },
});
