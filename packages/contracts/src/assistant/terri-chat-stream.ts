import { defineStream, streamSource } from '../define-stream.js';
import { ChatMessagePosted } from './events/chat-message-posted.js';
import { TERRI_CHAT_STREAM_PATH } from './rpc/terri-chat.js';
import { chatChannelOf, ChatMessageSchema, chatMessageFixture } from './terri-chat.js';

/**
 * GET chat/stream: the caller's Terri channel, live. Every message posted to it (their own, from any tab, and
 * Terri's replies) reaches that one user only; ratings are the caller's own and come back in the rating call's answer.
 */
export const TerriChatStream = defineStream({
  path: TERRI_CHAT_STREAM_PATH,
  eventName: 'message',
  data: ChatMessageSchema,
  description: "The caller's Terri chat channel: each message posted to it (the caller's own and Terri's replies), for that user only.",
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
      }),
    }),
  ],
  fixture: chatMessageFixture,
});
