import {
  GetChatStarterQuestions,
  GetChatToken,
  GetChatUsage,
  ListChatMessages,
  RateChatMessage,
  SendChatMessage,
  type RequestInputOf,
  type ResponseOf,
} from '@pm/contracts';
import { baseApi } from '../../app/base-api.js';
import { invalidatesOnSuccess } from '../../app/cache-tags.js';
import { callOf } from '../../app/contract-endpoints.js';

/** Terri's chat calls (spec 000 §7 `auth/chat-token`, and the channel's messages, rating and limit). */
export const terriChatApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getChatToken: build.query<ResponseOf<typeof GetChatToken>, void>({
      query: () => callOf(GetChatToken)({}),
    }),
    // Questions Terri can answer for the caller's home (spec 000 §9: 4 starters); fewer where it knows less.
    getChatStarterQuestions: build.query<ResponseOf<typeof GetChatStarterQuestions>, void>({
      query: () => callOf(GetChatStarterQuestions)({}),
    }),
    getChatUsage: build.query<ResponseOf<typeof GetChatUsage>, void>({
      query: () => callOf(GetChatUsage)({}),
      providesTags: ['ChatUsage'],
    }),
    // The latest page: the chat shows the conversation so far, the stream brings what follows.
    listChatMessages: build.query<ResponseOf<typeof ListChatMessages>, void>({
      query: () => callOf(ListChatMessages)({ limit: 50 }),
      providesTags: ['ChatMessage'],
    }),
    // One key per message typed, so a retry after a lost answer never posts the message twice.
    sendChatMessage: build.mutation<ResponseOf<typeof SendChatMessage>, { text: string; idempotencyKey: string }>({
      query: ({ text, idempotencyKey }) => ({ ...callOf(SendChatMessage)({ text }), headers: { 'Idempotency-Key': idempotencyKey } }),
      invalidatesTags: invalidatesOnSuccess(['ChatUsage']),
    }),
    rateChatMessage: build.mutation<ResponseOf<typeof RateChatMessage>, RequestInputOf<typeof RateChatMessage>>({
      query: callOf(RateChatMessage),
    }),
  }),
});

export const { useGetChatTokenQuery, useGetChatStarterQuestionsQuery, useGetChatUsageQuery, useListChatMessagesQuery, useSendChatMessageMutation, useRateChatMessageMutation } = terriChatApi;
