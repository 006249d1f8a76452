import {
  ArchiveConversation,
  ArchiveVendorConversation,
  CreateGroupConversation,
  GetConversation,
  ListConversations,
  ListVendorConversations,
  SendConversationMessage,
  type RequestInputOf,
  type ResponseOf,
} from '@pm/contracts';
import { baseApi } from '../base-api.js';
import { invalidatesOnSuccess, LIST_ID } from '../cache-tags.js';
import { callOf } from '../contract-endpoints.js';

/** What a conversation's change refreshes: its lists, the inbox's vendor items, the unread badge and Sent SMS. */
const afterChange = [
  { type: 'Conversation', id: LIST_ID },
  { type: 'InboxItem', id: LIST_ID },
  { type: 'InboxUnread', id: LIST_ID },
  { type: 'MessageSession', id: LIST_ID },
  { type: 'SentMessage', id: LIST_ID },
] as const;

/**
 * Vendor and group conversations (spec 001 §7), shared by the Conversations page and Inbound Messages' Vendors tab. Creating a group and sending a message carry an Idempotency-Key
 * made once per action, so a retried request is answered without a second group or a second text.
 */
export const conversationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getConversations: build.query<ResponseOf<typeof ListConversations>, RequestInputOf<typeof ListConversations>>({
      query: callOf(ListConversations),
      providesTags: [{ type: 'Conversation', id: LIST_ID }],
    }),
    getVendorConversations: build.query<ResponseOf<typeof ListVendorConversations>, RequestInputOf<typeof ListVendorConversations>>({
      query: callOf(ListVendorConversations),
      providesTags: [{ type: 'Conversation', id: LIST_ID }],
    }),
    getConversation: build.query<ResponseOf<typeof GetConversation>, string>({
      query: (id) => callOf(GetConversation)({ conversation_sid: id }),
      providesTags: (_result, _error, id) => [{ type: 'Conversation', id }],
    }),
    createGroupConversation: build.mutation<ResponseOf<typeof CreateGroupConversation>, RequestInputOf<typeof CreateGroupConversation> & { idempotencyKey: string }>({
      query: ({ idempotencyKey, ...request }) => ({ ...callOf(CreateGroupConversation)(request), headers: { 'Idempotency-Key': idempotencyKey } }),
      invalidatesTags: invalidatesOnSuccess([{ type: 'Conversation', id: LIST_ID }]),
    }),
    sendConversationMessage: build.mutation<ResponseOf<typeof SendConversationMessage>, RequestInputOf<typeof SendConversationMessage> & { idempotencyKey: string }>({
      query: ({ idempotencyKey, ...request }) => ({ ...callOf(SendConversationMessage)(request), headers: { 'Idempotency-Key': idempotencyKey } }),
      invalidatesTags: invalidatesOnSuccess((_result, { id }) => [...afterChange, { type: 'Conversation', id }, { type: 'MessageSession', id }]),
    }),
    archiveConversation: build.mutation<ResponseOf<typeof ArchiveConversation>, string>({
      query: (id) => callOf(ArchiveConversation)({ conversationSid: id }),
      invalidatesTags: invalidatesOnSuccess((_result, id) => [...afterChange, { type: 'Conversation', id }]),
    }),
    archiveVendorConversation: build.mutation<ResponseOf<typeof ArchiveVendorConversation>, string>({
      query: (id) => callOf(ArchiveVendorConversation)({ conversation_sid: id }),
      invalidatesTags: invalidatesOnSuccess((_result, id) => [...afterChange, { type: 'Conversation', id }]),
    }),
  }),
});

export const {
  useGetConversationsQuery,
  useGetVendorConversationsQuery,
  useGetConversationQuery,
  useCreateGroupConversationMutation,
  useSendConversationMessageMutation,
  useArchiveConversationMutation,
  useArchiveVendorConversationMutation,
} = conversationsApi;
