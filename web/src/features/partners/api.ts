import { AddPartner, ListPartners, RemovePartner, UpdatePartner, type ResponseOf } from '@pm/contracts';
import { baseApi } from '../../app/base-api.js';
import { invalidatesOnSuccess, LIST_ID, providesList } from '../../app/cache-tags.js';
import { callOf } from '../../app/contract-endpoints.js';
import type { CreatePartnerRequest, UpdatePartnerRequest } from './partner.js';

const partnerLists = [{ type: 'Partner' as const, id: LIST_ID }];

export const partnersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPartners: build.query<ResponseOf<typeof ListPartners>, string>({
      query: (locationId) => callOf(ListPartners)({ location_id: locationId }),
      providesTags: (result) => providesList(result, 'Partner'),
    }),
    createPartner: build.mutation<ResponseOf<typeof AddPartner>, CreatePartnerRequest>({
      query: callOf(AddPartner),
      invalidatesTags: invalidatesOnSuccess(partnerLists),
    }),
    updatePartner: build.mutation<ResponseOf<typeof UpdatePartner>, UpdatePartnerRequest>({
      query: callOf(UpdatePartner),
      invalidatesTags: invalidatesOnSuccess((_result, { id }: UpdatePartnerRequest) => [...partnerLists, { type: 'Partner', id }]),
    }),
    /** Removes the partner's access to one location (Remove Member Access). */
    removePartner: build.mutation<ResponseOf<typeof RemovePartner>, { id: string; locationId: string }>({
      query: ({ id, locationId }) => callOf(RemovePartner)({ id, location_id: locationId }),
      invalidatesTags: invalidatesOnSuccess((_result, { id }) => [...partnerLists, { type: 'Partner', id }]),
    }),
  }),
});

export const { useGetPartnersQuery, useCreatePartnerMutation, useUpdatePartnerMutation, useRemovePartnerMutation } = partnersApi;
