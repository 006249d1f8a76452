import { GetOnboardingProgress, ListExpiringLeases, SendLeaseRenewalEmail, type RequestInputOf, type ResponseOf } from '@pm/contracts';
import { baseApi } from '../../app/base-api.js';
import { callOf } from '../../app/contract-endpoints.js';

export const propertyManagerApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getOnboardingProgress: build.query<ResponseOf<typeof GetOnboardingProgress>, string>({
      query: (locationId) => callOf(GetOnboardingProgress)({ id: locationId }),
      providesTags: (_result, _error, locationId) => [{ type: 'OnboardingProgress', id: locationId }],
    }),
    getExpiringLeases: build.query<ResponseOf<typeof ListExpiringLeases>, { locationId: string; days: number }>({
      query: callOf(ListExpiringLeases),
      providesTags: (_result, _error, { locationId }) => [{ type: 'ExpiringLease', id: locationId }],
    }),
    sendLeaseRenewalEmail: build.mutation<ResponseOf<typeof SendLeaseRenewalEmail>, RequestInputOf<typeof SendLeaseRenewalEmail>>({
      // Sending changes no lease: nothing to refetch.
      query: callOf(SendLeaseRenewalEmail),
    }),
  }),
});

export const { useGetOnboardingProgressQuery, useGetExpiringLeasesQuery, useSendLeaseRenewalEmailMutation } = propertyManagerApi;
