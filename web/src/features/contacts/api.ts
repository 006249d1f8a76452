import { CreateContact, DeleteContact, GetContact, ListContacts, UpdateContact, type ResponseOf } from '@pm/contracts';
import { baseApi } from '../../app/base-api.js';
import { invalidatesOnSuccess, LIST_ID, providesList } from '../../app/cache-tags.js';
import { callOf } from '../../app/contract-endpoints.js';
import type { ContactInput } from './contact.js';

const contactLists = [{ type: 'Contact' as const, id: LIST_ID }];
/** A contact's documents listed in its dialog, newest first (the vault page has them all). */
export const CONTACT_DOCUMENTS_SHOWN = 50;
// The selected location is sent as ?location_id= on every contact call, the body holding only the contact.
const inQuery = { query: ['location_id'] } as const;

export const contactsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The selected location's contacts whose name contains `search` (the service matches any case). */
    getContacts: build.query<ResponseOf<typeof ListContacts>, { locationId: string; search?: string }>({
      query: ({ locationId, search }) => callOf(ListContacts)({ location_id: locationId, search: search || undefined }),
      providesTags: (result) => providesList(result, 'Contact'),
    }),
    /** One contact, read through the selected location (spec 001 `contacts/{id}`). */
    getContact: build.query<ResponseOf<typeof GetContact>, { id: string; locationId: string }>({
      query: ({ id, locationId }) => callOf(GetContact)({ id, location_id: locationId }),
      providesTags: (_result, _error, { id }) => [{ type: 'Contact', id }],
    }),
    createContact: build.mutation<ResponseOf<typeof CreateContact>, ContactInput>({
      query: ({ locationId, ...body }) => callOf(CreateContact, inQuery)({ ...body, location_id: locationId }),
      invalidatesTags: invalidatesOnSuccess(contactLists),
    }),
    updateContact: build.mutation<ResponseOf<typeof UpdateContact>, ContactInput & { id: string }>({
      query: ({ locationId, ...body }) => callOf(UpdateContact, inQuery)({ ...body, location_id: locationId }),
      // Its locations may have changed, so every location's list is refetched, not only this row.
      invalidatesTags: invalidatesOnSuccess((_result, { id }) => [...contactLists, { type: 'Contact', id }]),
    }),
    /** The contact leaves the selected location (and is gone with its last one). */
    deleteContact: build.mutation<ResponseOf<typeof DeleteContact>, { id: string; locationId: string }>({
      query: ({ id, locationId }) => callOf(DeleteContact)({ id, location_id: locationId }),
      invalidatesTags: invalidatesOnSuccess((_result, { id }) => [...contactLists, { type: 'Contact', id }]),
    }),
  }),
});

export const { useGetContactsQuery, useGetContactQuery, useCreateContactMutation, useUpdateContactMutation, useDeleteContactMutation } = contactsApi;
