import { baseApi } from '../../app/base-api.js';
import { invalidatesOnSuccess, LIST_ID, providesList } from '../../app/cache-tags.js';
import type { Building, CreateBuildingRequest } from './building.js';

export const buildingsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getBuildings: build.query<Building[], string>({
      query: (locationId) => ({ url: 'building/all', params: { location_id: locationId } }),
      providesTags: (result) => providesList(result, 'Building'),
    }),
    getBuilding: build.query<Building, string>({
      query: (id) => `building/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Building', id }],
    }),
    createBuilding: build.mutation<Building, CreateBuildingRequest>({
      query: (body) => ({ url: 'building', method: 'POST', body }),
      // The first building of a location is an onboarding step (hasBuilding, firstBuildingId).
      invalidatesTags: invalidatesOnSuccess([{ type: 'Building', id: LIST_ID }, 'OnboardingProgress']),
    }),
  }),
});

export const { useGetBuildingsQuery, useGetBuildingQuery, useCreateBuildingMutation } = buildingsApi;
