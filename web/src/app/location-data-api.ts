import { ListBuildings, ListLocationUnits, type ResponseOf } from '@pm/contracts';
import { baseApi } from './base-api.js';
import { providesList } from './cache-tags.js';
import { callOf } from './contract-endpoints.js';

/**
 * A location's buildings and units, read by more than one feature (the buildings and units screens, the tenant
 * dialogs that pick a unit or the first building). One endpoint each, with the list tags the unit and building
 * mutations invalidate, so no feature keeps its own untagged copy that goes stale.
 */
export const locationDataApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getBuildings: build.query<ResponseOf<typeof ListBuildings>, string>({
      query: (locationId) => callOf(ListBuildings)({ location_id: locationId }),
      providesTags: (result) => providesList(result, 'Building'),
    }),
    getLocationUnits: build.query<ResponseOf<typeof ListLocationUnits>, string>({
      query: (locationId) => callOf(ListLocationUnits)({ locationId }),
      providesTags: (result) => providesList(result, 'Unit'),
    }),
  }),
});

export const { useGetBuildingsQuery, useGetLocationUnitsQuery } = locationDataApi;
