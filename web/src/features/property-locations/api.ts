import { baseApi } from '../../app/base-api.js';
import { invalidatesOnSuccess, LIST_ID, providesList } from '../../app/cache-tags.js';
import { MAX_ADDRESS_SUGGESTIONS, type AddressSuggestion } from './address-suggestion.js';
import type { Unit } from '../units/unit.js';
import type {
  AvailablePhoneNumber,
  CreatePropertyLocationRequest,
  PhoneNumberSearch,
  PropertyLocation,
  UpdatePropertyLocationRequest,
} from './property-location.js';

/** The location's own entry and the lists that show it, after a change to the location. */
const locationTags = (id: string) => [{ type: 'PropertyLocation' as const, id }, { type: 'PropertyLocation' as const, id: LIST_ID }];

export const propertyLocationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPropertyLocations: build.query<PropertyLocation[], void>({
      query: () => 'property-location/all',
      providesTags: (result) => providesList(result, 'PropertyLocation'),
    }),
    getPropertyLocation: build.query<PropertyLocation, string>({
      query: (id) => `property-location/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'PropertyLocation', id }],
    }),
    createPropertyLocation: build.mutation<PropertyLocation, CreatePropertyLocationRequest>({
      query: (body) => ({ url: 'property-location', method: 'POST', body }),
      // A new location changes the list and the onboarding progress of every screen that shows it.
      invalidatesTags: invalidatesOnSuccess([{ type: 'PropertyLocation', id: LIST_ID }, 'OnboardingProgress']),
    }),
    updatePropertyLocation: build.mutation<PropertyLocation, UpdatePropertyLocationRequest>({
      query: ({ id, ...body }) => ({ url: `property-location/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: invalidatesOnSuccess((_result, { id }: UpdatePropertyLocationRequest) => locationTags(id)),
    }),
    getLocationUnits: build.query<Unit[], string>({
      query: (id) => `property-location/${encodeURIComponent(id)}/units`,
      providesTags: (result) => providesList(result, 'Unit'),
    }),
    generateLocationEmailAddress: build.mutation<PropertyLocation, string>({
      query: (id) => ({ url: `property-location/${encodeURIComponent(id)}/email-address`, method: 'POST' }),
      invalidatesTags: invalidatesOnSuccess((_result, id: string) => [...locationTags(id), 'OnboardingProgress']),
    }),
    searchPhoneNumbers: build.query<AvailablePhoneNumber[], PhoneNumberSearch>({
      query: ({ locationId, areaCode, contains }) => ({
        url: `property-location/${encodeURIComponent(locationId)}/search-phone-number`,
        params: { ...(areaCode ? { areaCode } : {}), ...(contains ? { contains } : {}), limit: AVAILABLE_PHONE_NUMBERS_LIMIT },
      }),
      providesTags: ['AvailablePhoneNumber'],
      // Availability changes by the minute; an old list would offer numbers someone else already took.
      keepUnusedDataFor: 0,
    }),
    assignPhoneNumber: build.mutation<PropertyLocation, { locationId: string; phoneNumber: string }>({
      query: ({ locationId, phoneNumber }) => ({
        url: `property-location/${encodeURIComponent(locationId)}/phone-number`,
        method: 'POST',
        body: { phoneNumber },
      }),
      invalidatesTags: invalidatesOnSuccess((_result, { locationId }: { locationId: string; phoneNumber: string }) => [
        ...locationTags(locationId),
        'AvailablePhoneNumber',
        'OnboardingProgress',
      ]),
    }),
    getAddressSuggestions: build.query<AddressSuggestion[], string>({
      query: (q) => ({ url: 'address/suggestions', params: { q } }),
      // The server promises at most five; the list stays short even if a provider sends more.
      transformResponse: (response: { suggestions: AddressSuggestion[] }) => response.suggestions.slice(0, MAX_ADDRESS_SUGGESTIONS),
      keepUnusedDataFor: 60,
    }),
  }),
});

export const {
  useGetPropertyLocationsQuery,
  useGetPropertyLocationQuery,
  useCreatePropertyLocationMutation,
  useUpdatePropertyLocationMutation,
  useGetLocationUnitsQuery,
  useGenerateLocationEmailAddressMutation,
  useSearchPhoneNumbersQuery,
  useAssignPhoneNumberMutation,
  useGetAddressSuggestionsQuery,
} = propertyLocationsApi;

/** How many available numbers the Select Phone Number dialog lists at once. */
export const AVAILABLE_PHONE_NUMBERS_LIMIT = 20;
