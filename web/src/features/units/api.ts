import { CreateUnit, GetUnit, ListUnits, type ResponseOf } from '@pm/contracts';
import { baseApi } from '../../app/base-api.js';
import { invalidatesOnSuccess, LIST_ID, providesList } from '../../app/cache-tags.js';
import { callOf } from '../../app/contract-endpoints.js';
import type { CreateUnitRequest } from './unit.js';

// The location's unit list is shared with other features: app/location-data-api.ts.
export const unitsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getUnits: build.query<ResponseOf<typeof ListUnits>, string>({
      query: (buildingId) => callOf(ListUnits)({ buildingId }),
      providesTags: (result) => providesList(result, 'Unit'),
    }),
    getUnit: build.query<ResponseOf<typeof GetUnit>, string>({
      query: (id) => callOf(GetUnit)({ id }),
      providesTags: (_result, _error, id) => [{ type: 'Unit', id }],
    }),
    createUnit: build.mutation<ResponseOf<typeof CreateUnit>, CreateUnitRequest>({
      query: callOf(CreateUnit),
      // A unit changes its building's units_count, the unit lists and the onboarding progress (hasUnit, firstUnitId).
      invalidatesTags: invalidatesOnSuccess((_result, arg: CreateUnitRequest) => [
        { type: 'Unit', id: LIST_ID },
        { type: 'Building', id: arg.building_id },
        { type: 'Building', id: LIST_ID },
        'OnboardingProgress',
      ]),
    }),
  }),
});

export const { useGetUnitsQuery, useGetUnitQuery, useCreateUnitMutation } = unitsApi;
