import { baseApi } from '../../app/base-api.js';
import type { OnboardingProgress } from './onboarding-progress.js';

export const propertyManagerApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getOnboardingProgress: build.query<OnboardingProgress, string>({
      query: (locationId) => `property-manager/onboarding/${encodeURIComponent(locationId)}/progress`,
      providesTags: (_result, _error, locationId) => [{ type: 'OnboardingProgress', id: locationId }],
    }),
  }),
});

export const { useGetOnboardingProgressQuery } = propertyManagerApi;
