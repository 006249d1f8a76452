import { baseApi } from '../../app/base-api.js';
import type { ExpiringLease } from './lease-renewals.js';
import type { OnboardingProgress } from './onboarding-progress.js';

export const propertyManagerApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getOnboardingProgress: build.query<OnboardingProgress, string>({
      query: (locationId) => `property-manager/onboarding/${encodeURIComponent(locationId)}/progress`,
      providesTags: (_result, _error, locationId) => [{ type: 'OnboardingProgress', id: locationId }],
    }),
    getExpiringLeases: build.query<ExpiringLease[], { locationId: string; days: number }>({
      query: ({ locationId, days }) => ({ url: `todo/location/${encodeURIComponent(locationId)}/expiring-leases`, params: { days } }),
      providesTags: (_result, _error, { locationId }) => [{ type: 'ExpiringLease', id: locationId }],
    }),
    sendLeaseRenewalEmail: build.mutation<{ sent: true }, { tenantId: string; buildingId: string }>({
      // Sending changes no lease: nothing to refetch.
      query: (body) => ({ url: 'todo/lease-renewal-email', method: 'POST', body }),
    }),
  }),
});

export const { useGetOnboardingProgressQuery, useGetExpiringLeasesQuery, useSendLeaseRenewalEmailMutation } = propertyManagerApi;
