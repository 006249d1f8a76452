import { baseApi } from '../../app/base-api.js';
import { invalidatesOnSuccess, LIST_ID, providesList } from '../../app/cache-tags.js';
import type { CreatePartnerRequest, Partner, UpdatePartnerRequest } from './partner.js';

const partnerLists = [{ type: 'Partner' as const, id: LIST_ID }];

export const partnersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPartners: build.query<Partner[], string>({
      query: (locationId) => ({ url: 'property-manager/all', params: { location_id: locationId } }),
      providesTags: (result) => providesList(result, 'Partner'),
    }),
    createPartner: build.mutation<Partner, CreatePartnerRequest>({
      query: (body) => ({ url: 'property-manager/with-user', method: 'POST', body }),
      invalidatesTags: invalidatesOnSuccess(partnerLists),
    }),
    updatePartner: build.mutation<Partner, UpdatePartnerRequest>({
      query: ({ id, ...body }) => ({ url: `property-manager/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: invalidatesOnSuccess((_result, { id }) => [...partnerLists, { type: 'Partner', id }]),
    }),
    /** Removes the partner's access to one location (Remove Member Access). */
    removePartner: build.mutation<{ deleted: true }, { id: string; locationId: string }>({
      query: ({ id, locationId }) => ({ url: `property-manager/${encodeURIComponent(id)}`, method: 'DELETE', params: { location_id: locationId } }),
      invalidatesTags: invalidatesOnSuccess((_result, { id }) => [...partnerLists, { type: 'Partner', id }]),
    }),
  }),
});

export const { useGetPartnersQuery, useCreatePartnerMutation, useUpdatePartnerMutation, useRemovePartnerMutation } = partnersApi;
