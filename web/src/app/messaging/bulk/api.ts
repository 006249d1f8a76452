import { ListBuildingContacts, SendBulkEmail, SendBulkSms, SendEmail, type RequestInputOf, type ResponseOf } from '@pm/contracts';
import { baseApi } from '../../base-api.js';
import { invalidatesOnSuccess, LIST_ID } from '../../cache-tags.js';
import { callOf, formCallOf, type FormRequestOf } from '../../contract-endpoints.js';

/** Every send shows on Sent E-mails / Sent SMS. */
const sent = invalidatesOnSuccess([{ type: 'SentMessage', id: LIST_ID }]);

export const bulkMessagingApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET building/{id}/contacts: the building's active tenants with their first e-mail and phone (portfolio). */
    getBuildingContacts: build.query<ResponseOf<typeof ListBuildingContacts>, string>({
      query: (id) => callOf(ListBuildingContacts)({ id }),
      providesTags: (_result, _error, id) => [{ type: 'Building', id }],
    }),
    sendBulkEmail: build.mutation<ResponseOf<typeof SendBulkEmail>, FormRequestOf<typeof SendBulkEmail>>({
      query: formCallOf(SendBulkEmail),
      invalidatesTags: sent,
    }),
    sendBulkSms: build.mutation<ResponseOf<typeof SendBulkSms>, RequestInputOf<typeof SendBulkSms>>({
      query: callOf(SendBulkSms),
      invalidatesTags: sent,
    }),
    sendEmail: build.mutation<ResponseOf<typeof SendEmail>, FormRequestOf<typeof SendEmail>>({
      query: formCallOf(SendEmail),
      invalidatesTags: sent,
    }),
  }),
});

export const { useGetBuildingContactsQuery, useSendBulkEmailMutation, useSendBulkSmsMutation, useSendEmailMutation } = bulkMessagingApi;
