import { CommunicateWithAssistant, DeleteChatSession, GetChatSession, ListChatSessions, type RequestInputOf, type ResponseOf } from '@pm/contracts';
import { baseApi } from '../../app/base-api.js';
import { invalidatesOnSuccess, LIST_ID } from '../../app/cache-tags.js';
import { callOf } from '../../app/contract-endpoints.js';

/** Spec 001 §9: the chat gives up on an answer after 60 s. */
export const CHAT_TIMEOUT_MS = 60_000;

export const aiChatApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    communicate: build.mutation<ResponseOf<typeof CommunicateWithAssistant>, RequestInputOf<typeof CommunicateWithAssistant>>({
      query: (request) => ({ ...callOf(CommunicateWithAssistant)(request), timeout: CHAT_TIMEOUT_MS }),
      invalidatesTags: invalidatesOnSuccess((result) => [{ type: 'ManagerChatSession', id: LIST_ID }, { type: 'ManagerChatSession', id: result.session_id }]),
    }),
    getChatSessions: build.query<ResponseOf<typeof ListChatSessions>, RequestInputOf<typeof ListChatSessions>>({
      query: callOf(ListChatSessions),
      providesTags: (result) => [{ type: 'ManagerChatSession', id: LIST_ID }, ...(result?.items ?? []).map(({ id }) => ({ type: 'ManagerChatSession' as const, id }))],
    }),
    getChatSession: build.query<ResponseOf<typeof GetChatSession>, string>({
      query: (id) => callOf(GetChatSession)({ id }),
      providesTags: (_result, _error, id) => [{ type: 'ManagerChatSession', id }],
    }),
    deleteChatSession: build.mutation<ResponseOf<typeof DeleteChatSession>, string>({
      query: (id) => callOf(DeleteChatSession)({ id }),
      invalidatesTags: invalidatesOnSuccess([{ type: 'ManagerChatSession', id: LIST_ID }]),
    }),
  }),
});

export const { useCommunicateMutation, useGetChatSessionsQuery, useGetChatSessionQuery, useDeleteChatSessionMutation } = aiChatApi;
