import {
  AcceptPartnerInvitation,
  AddPartner,
  DeclinePartnerInvitation,
  GetPartnerInvitation,
  LeavePropertyLocation,
  ListPartnerInvitations,
  RemovePartner,
  RevokePartnerInvitation,
  UpdatePartner,
  type ResponseOf,
} from '@pm/contracts';
import { baseApi } from '../../app/base-api.js';
import { invalidatesOnSuccess, LIST_ID, providesList } from '../../app/cache-tags.js';
import { callOf } from '../../app/contract-endpoints.js';
import type { CreatePartnerRequest, UpdatePartnerRequest } from './partner.js';

const partnerLists = [{ type: 'Partner' as const, id: LIST_ID }];
const invitationLists = [{ type: 'PartnerInvitation' as const, id: LIST_ID }];
const locationLists = [{ type: 'PropertyLocation' as const, id: LIST_ID }];

export const partnersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The location's invitations still waiting for an answer. */
    getPartnerInvitations: build.query<ResponseOf<typeof ListPartnerInvitations>, string>({
      query: (locationId) => callOf(ListPartnerInvitations)({ location_id: locationId }),
      providesTags: (result) => providesList(result, 'PartnerInvitation'),
    }),
    /** Invites a partner: a pending invitation until they accept it. */
    createPartner: build.mutation<ResponseOf<typeof AddPartner>, CreatePartnerRequest>({
      query: callOf(AddPartner),
      invalidatesTags: invalidatesOnSuccess(invitationLists),
    }),
    revokePartnerInvitation: build.mutation<ResponseOf<typeof RevokePartnerInvitation>, string>({
      query: (id) => callOf(RevokePartnerInvitation)({ id }),
      invalidatesTags: invalidatesOnSuccess(invitationLists),
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
    /** The invitation an e-mailed link names, for the invitee. */
    getPartnerInvitation: build.query<ResponseOf<typeof GetPartnerInvitation>, string>({
      query: (token) => callOf(GetPartnerInvitation)({ token }),
    }),
    acceptPartnerInvitation: build.mutation<ResponseOf<typeof AcceptPartnerInvitation>, string>({
      query: (token) => callOf(AcceptPartnerInvitation)({ token }),
      invalidatesTags: invalidatesOnSuccess([...locationLists, ...partnerLists]),
    }),
    declinePartnerInvitation: build.mutation<ResponseOf<typeof DeclinePartnerInvitation>, string>({
      query: (token) => callOf(DeclinePartnerInvitation)({ token }),
    }),
    /** A partner gives up their role on a location shared with them. */
    leavePropertyLocation: build.mutation<ResponseOf<typeof LeavePropertyLocation>, string>({
      query: (id) => callOf(LeavePropertyLocation)({ id }),
      invalidatesTags: invalidatesOnSuccess((_result, id) => [...locationLists, { type: 'PropertyLocation', id }, ...partnerLists]),
    }),
  }),
});

export const {
  useGetPartnerInvitationsQuery,
  useCreatePartnerMutation,
  useRevokePartnerInvitationMutation,
  useUpdatePartnerMutation,
  useRemovePartnerMutation,
  useGetPartnerInvitationQuery,
  useAcceptPartnerInvitationMutation,
  useDeclinePartnerInvitationMutation,
  useLeavePropertyLocationMutation,
} = partnersApi;
