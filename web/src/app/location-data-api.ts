import { GetNavbarFlags, GetPropertyLocation, ListBuildings, ListLocationUnits, ListPartners, ListPropertyLocations, type ResponseOf } from '@pm/contracts';
import { baseApi } from './base-api.js';
import { providesList } from './cache-tags.js';
import { callOf } from './contract-endpoints.js';

/**
 * The caller's locations, a location, its buildings and its units: read by more than one feature (the location,
 * buildings and units screens, the tenant dialogs that pick a unit or the first building, contacts, partners; the
 * location's partners for the partners page and the tickets' assignee choice). One endpoint each, with the list tags the unit and building
 * mutations invalidate, so no feature keeps its own untagged copy that goes stale.
 */
export const locationDataApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPropertyLocations: build.query<ResponseOf<typeof ListPropertyLocations>, void>({
      query: () => callOf(ListPropertyLocations)({}),
      providesTags: (result) => providesList(result, 'PropertyLocation'),
    }),
    getPropertyLocation: build.query<ResponseOf<typeof GetPropertyLocation>, string>({
      query: (id) => callOf(GetPropertyLocation)({ id }),
      providesTags: (_result, _error, id) => [{ type: 'PropertyLocation', id }],
    }),
    getBuildings: build.query<ResponseOf<typeof ListBuildings>, string>({
      query: (locationId) => callOf(ListBuildings)({ location_id: locationId }),
      providesTags: (result) => providesList(result, 'Building'),
    }),
    // Spec 000 §3.12: which menu items a manager's location shows (communication once it has a number or address).
    getNavbarFlags: build.query<ResponseOf<typeof GetNavbarFlags>, string>({
      query: (locationId) => callOf(GetNavbarFlags)({ locationId }),
      providesTags: (_result, _error, locationId) => [{ type: 'PropertyLocation', id: locationId }],
    }),
    getPartners: build.query<ResponseOf<typeof ListPartners>, string>({
      query: (locationId) => callOf(ListPartners)({ location_id: locationId }),
      providesTags: (result) => providesList(result, 'Partner'),
    }),
    getLocationUnits: build.query<ResponseOf<typeof ListLocationUnits>, string>({
      query: (locationId) => callOf(ListLocationUnits)({ locationId }),
      providesTags: (result) => providesList(result, 'Unit'),
    }),
  }),
});

export const { useGetPropertyLocationsQuery, useGetPropertyLocationQuery, useGetBuildingsQuery, useGetLocationUnitsQuery, useGetNavbarFlagsQuery, useGetPartnersQuery } = locationDataApi;
