import { baseApi } from '../../app/base-api.js';
import { invalidatesOnSuccess, LIST_ID, providesList } from '../../app/cache-tags.js';
import type { CreateUnitRequest, Unit } from './unit.js';

export const unitsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getUnits: build.query<Unit[], string>({
      query: (buildingId) => ({ url: 'unit/all', params: { buildingId } }),
      providesTags: (result) => providesList(result, 'Unit'),
    }),
    getUnit: build.query<Unit, string>({
      query: (id) => `unit/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Unit', id }],
    }),
    createUnit: build.mutation<Unit, CreateUnitRequest>({
      query: (body) => ({ url: 'unit', method: 'POST', body }),
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
