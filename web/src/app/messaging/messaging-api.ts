import {
  GetInboxUnreadCount,
  GetMessageDraft,
  GetMessageSession,
  ListMessageSessions,
  ListSessionMessages,
  MarkMessageSessionRead,
  SendEmailResponse,
  SendSmsResponse,
  type RequestInputOf,
  type ResponseOf,
} from '@pm/contracts';
import { baseApi } from '../base-api.js';
import { invalidatesOnSuccess, LIST_ID } from '../cache-tags.js';
import { callOf } from '../contract-endpoints.js';

/** Spec 001 §9 and spec 000: the inbox lists and the unread count refresh every 30 s. */
export const INBOX_POLL_MS = 30_000;

/** What a reply changes: the session and its thread, the inbox's items (replied), the unread count and the Sent lists. */
const afterReply = [
  { type: 'MessageSession', id: LIST_ID },
  { type: 'InboxItem', id: LIST_ID },
  { type: 'InboxUnread', id: LIST_ID },
  { type: 'SentMessage', id: LIST_ID },
] as const;

/**
 * The message sessions and their threads, shared by the manager's inbox, the Inbound Messages cards and the tenant
 * detail's SMS tab (features stand alone, so what several of them read lives here).
 */
export const messagingApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getInboxUnreadCount: build.query<ResponseOf<typeof GetInboxUnreadCount>, string>({
      query: (locationId) => callOf(GetInboxUnreadCount)({ location_id: locationId }),
      providesTags: [{ type: 'InboxUnread', id: LIST_ID }],
    }),
    getMessageSessions: build.query<ResponseOf<typeof ListMessageSessions>, RequestInputOf<typeof ListMessageSessions>>({
      query: callOf(ListMessageSessions),
      providesTags: [{ type: 'MessageSession', id: LIST_ID }],
    }),
    getMessageSession: build.query<ResponseOf<typeof GetMessageSession>, string>({
      query: (id) => callOf(GetMessageSession)({ id }),
      providesTags: (_result, _error, id) => [{ type: 'MessageSession', id }],
    }),
    getSessionMessages: build.query<ResponseOf<typeof ListSessionMessages>, RequestInputOf<typeof ListSessionMessages>>({
      query: callOf(ListSessionMessages),
      providesTags: (_result, _error, { id }) => [{ type: 'MessageSession', id }],
    }),
    /** The draft of an inbound message, every version newest first: the draft card's history and the thread's reply box. */
    getMessageDraft: build.query<ResponseOf<typeof GetMessageDraft>, string>({
      query: (id) => callOf(GetMessageDraft)({ id }),
      providesTags: (_result, _error, id) => [{ type: 'MessageDraft', id }],
    }),
    markSessionRead: build.mutation<ResponseOf<typeof MarkMessageSessionRead>, string>({
      query: (id) => callOf(MarkMessageSessionRead)({ id }),
      invalidatesTags: invalidatesOnSuccess([
        { type: 'InboxUnread', id: LIST_ID },
        { type: 'MessageSession', id: LIST_ID },
        { type: 'InboxItem', id: LIST_ID },
      ]),
    }),
    sendSmsResponse: build.mutation<ResponseOf<typeof SendSmsResponse>, RequestInputOf<typeof SendSmsResponse>>({
      query: callOf(SendSmsResponse),
      invalidatesTags: invalidatesOnSuccess((_result, { sessionId }) => [...afterReply, { type: 'MessageSession', id: sessionId }]),
    }),
    sendEmailResponse: build.mutation<ResponseOf<typeof SendEmailResponse>, RequestInputOf<typeof SendEmailResponse>>({
      query: callOf(SendEmailResponse),
      invalidatesTags: invalidatesOnSuccess((_result, { sessionId }) => [...afterReply, { type: 'MessageSession', id: sessionId }]),
    }),
  }),
});

export const {
  useGetInboxUnreadCountQuery,
  useGetMessageSessionsQuery,
  useGetMessageSessionQuery,
  useGetSessionMessagesQuery,
  useGetMessageDraftQuery,
  useMarkSessionReadMutation,
  useSendSmsResponseMutation,
  useSendEmailResponseMutation,
} = messagingApi;
