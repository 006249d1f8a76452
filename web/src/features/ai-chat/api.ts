import { DeleteChatSession, GetChatSession, ListChatSessions, type RequestInputOf, type ResponseOf } from '@pm/contracts';
import { baseApi } from '../../app/base-api.js';
import { invalidatesOnSuccess, LIST_ID } from '../../app/cache-tags.js';
import { callOf } from '../../app/contract-endpoints.js';

/** The chat's sessions; a message is sent and answered through its stream (stream-chat-answer.ts). */
export const aiChatApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
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

export const { useGetChatSessionsQuery, useGetChatSessionQuery, useDeleteChatSessionMutation } = aiChatApi;
