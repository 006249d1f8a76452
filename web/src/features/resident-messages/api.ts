import {
  ListResidentEmailSessions,
  ListResidentSessionMessages,
  ListResidentSmsSessions,
  SendResidentMessage,
  type RequestInputOf,
  type ResponseOf,
} from '@pm/contracts';
import { baseApi } from '../../app/base-api.js';
import { invalidatesOnSuccess, LIST_ID } from '../../app/cache-tags.js';
import { callOf } from '../../app/contract-endpoints.js';

/** The resident's own conversations (spec 002 §7: their SMS and e-mail sessions, a thread, sending a message). */
export const residentMessagesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getResidentSmsSessions: build.query<ResponseOf<typeof ListResidentSmsSessions>, void>({
      query: () => callOf(ListResidentSmsSessions)({}),
      providesTags: [{ type: 'ResidentSession', id: LIST_ID }],
    }),
    getResidentEmailSessions: build.query<ResponseOf<typeof ListResidentEmailSessions>, void>({
      query: () => callOf(ListResidentEmailSessions)({}),
      providesTags: [{ type: 'ResidentSession', id: LIST_ID }],
    }),
    getResidentThread: build.query<ResponseOf<typeof ListResidentSessionMessages>, RequestInputOf<typeof ListResidentSessionMessages>>({
      query: callOf(ListResidentSessionMessages),
      providesTags: (_result, _error, { id }) => [{ type: 'ResidentSession', id }],
    }),
    sendResidentMessage: build.mutation<ResponseOf<typeof SendResidentMessage>, RequestInputOf<typeof SendResidentMessage>>({
      query: callOf(SendResidentMessage),
      invalidatesTags: invalidatesOnSuccess((_result, { id }) => [{ type: 'ResidentSession', id: LIST_ID }, { type: 'ResidentSession', id }]),
    }),
  }),
});

export const { useGetResidentSmsSessionsQuery, useGetResidentEmailSessionsQuery, useGetResidentThreadQuery, useSendResidentMessageMutation } = residentMessagesApi;
