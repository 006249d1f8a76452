import {
  ArchiveEmailSession,
  ArchiveSmsSession,
  EditMessageDraft,
  ListInboxItems,
  ListSentEmails,
  ListSentSms,
  RegenerateMessageDraft,
  SearchInbox,
  type RequestInputOf,
  type ResponseOf,
} from '@pm/contracts';
import { baseApi } from '../../app/base-api.js';
import { invalidatesOnSuccess, LIST_ID } from '../../app/cache-tags.js';
import { callOf } from '../../app/contract-endpoints.js';

const afterArchive = [
  { type: 'InboxItem', id: LIST_ID },
  { type: 'MessageSession', id: LIST_ID },
  { type: 'SentMessage', id: LIST_ID },
] as const;

export const inboxApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getInboxItems: build.query<ResponseOf<typeof ListInboxItems>, RequestInputOf<typeof ListInboxItems>>({
      query: callOf(ListInboxItems),
      providesTags: [{ type: 'InboxItem', id: LIST_ID }],
    }),
    regenerateDraft: build.mutation<ResponseOf<typeof RegenerateMessageDraft>, string>({
      query: (id) => callOf(RegenerateMessageDraft)({ id }),
      invalidatesTags: invalidatesOnSuccess((_result, id) => [{ type: 'InboxItem', id: LIST_ID }, { type: 'MessageDraft', id }]),
    }),
    editDraft: build.mutation<ResponseOf<typeof EditMessageDraft>, RequestInputOf<typeof EditMessageDraft>>({
      query: callOf(EditMessageDraft),
      invalidatesTags: invalidatesOnSuccess((_result, { id }) => [{ type: 'InboxItem', id: LIST_ID }, { type: 'MessageDraft', id }]),
    }),
    archiveSms: build.mutation<ResponseOf<typeof ArchiveSmsSession>, string>({
      query: (id) => callOf(ArchiveSmsSession)({ id }),
      invalidatesTags: invalidatesOnSuccess(afterArchive),
    }),
    archiveEmail: build.mutation<ResponseOf<typeof ArchiveEmailSession>, string>({
      query: (id) => callOf(ArchiveEmailSession)({ id }),
      invalidatesTags: invalidatesOnSuccess(afterArchive),
    }),
    searchInbox: build.query<ResponseOf<typeof SearchInbox>, RequestInputOf<typeof SearchInbox>>({
      query: callOf(SearchInbox),
      providesTags: [{ type: 'MessageSession', id: LIST_ID }],
    }),
    getSentEmails: build.query<ResponseOf<typeof ListSentEmails>, RequestInputOf<typeof ListSentEmails>>({
      query: callOf(ListSentEmails),
      providesTags: [{ type: 'SentMessage', id: LIST_ID }],
    }),
    getSentSms: build.query<ResponseOf<typeof ListSentSms>, RequestInputOf<typeof ListSentSms>>({
      query: callOf(ListSentSms),
      providesTags: [{ type: 'SentMessage', id: LIST_ID }],
    }),
  }),
});

export const {
  useGetInboxItemsQuery,
  useRegenerateDraftMutation,
  useEditDraftMutation,
  useArchiveSmsMutation,
  useArchiveEmailMutation,
  useGetSentEmailsQuery,
  useGetSentSmsQuery,
  useSearchInboxQuery,
} = inboxApi;

// A message's draft is read by the thread's reply box too, so its endpoint is the app's (app/messaging).
export { useGetMessageDraftQuery } from '../../app/messaging/messaging-api.js';
