import { CreateBuilding, GetBuilding, type ResponseOf } from '@pm/contracts';
import { baseApi } from '../../app/base-api.js';
import { invalidatesOnSuccess, LIST_ID } from '../../app/cache-tags.js';
import { callOf } from '../../app/contract-endpoints.js';
import type { CreateBuildingRequest } from './building.js';

// The location's building list is shared with other features: app/location-data-api.ts.
export const buildingsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getBuilding: build.query<ResponseOf<typeof GetBuilding>, string>({
      query: (id) => callOf(GetBuilding)({ id }),
      providesTags: (_result, _error, id) => [{ type: 'Building', id }],
    }),
    createBuilding: build.mutation<ResponseOf<typeof CreateBuilding>, CreateBuildingRequest>({
      query: callOf(CreateBuilding),
      // The first building of a location is an onboarding step (hasBuilding, firstBuildingId).
      invalidatesTags: invalidatesOnSuccess([{ type: 'Building', id: LIST_ID }, 'OnboardingProgress']),
    }),
  }),
});

export const { useGetBuildingQuery, useCreateBuildingMutation } = buildingsApi;
