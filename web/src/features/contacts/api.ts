import { baseApi } from '../../app/base-api.js';
import { invalidatesOnSuccess, LIST_ID, providesList } from '../../app/cache-tags.js';
import type { Contact, ContactInput } from './contact.js';

const contactLists = [{ type: 'Contact' as const, id: LIST_ID }];

export const contactsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The selected location's contacts whose name contains `search` (the service matches any case). */
    getContacts: build.query<Contact[], { locationId: string; search?: string }>({
      query: ({ locationId, search }) => ({ url: 'contacts', params: { location_id: locationId, ...(search ? { search } : {}) } }),
      providesTags: (result) => providesList(result, 'Contact'),
    }),
    createContact: build.mutation<Contact, ContactInput>({
      query: ({ locationId, ...body }) => ({ url: 'contacts', method: 'POST', params: { location_id: locationId }, body }),
      invalidatesTags: invalidatesOnSuccess(contactLists),
    }),
    updateContact: build.mutation<Contact, ContactInput & { id: string }>({
      query: ({ id, locationId, ...body }) => ({ url: `contacts/${encodeURIComponent(id)}`, method: 'PUT', params: { location_id: locationId }, body }),
      // Its locations may have changed, so every location's list is refetched, not only this row.
      invalidatesTags: invalidatesOnSuccess((_result, { id }) => [...contactLists, { type: 'Contact', id }]),
    }),
    /** The contact leaves the selected location (and is gone with its last one). */
    deleteContact: build.mutation<{ deleted: true }, { id: string; locationId: string }>({
      query: ({ id, locationId }) => ({ url: `contacts/${encodeURIComponent(id)}`, method: 'DELETE', params: { location_id: locationId } }),
      invalidatesTags: invalidatesOnSuccess((_result, { id }) => [...contactLists, { type: 'Contact', id }]),
    }),
  }),
});

export const { useGetContactsQuery, useCreateContactMutation, useUpdateContactMutation, useDeleteContactMutation } = contactsApi;
