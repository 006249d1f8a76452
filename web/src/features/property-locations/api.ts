import { baseApi } from '../../app/base-api.js';
import { invalidatesOnSuccess, LIST_ID, providesList } from '../../app/cache-tags.js';
import { MAX_ADDRESS_SUGGESTIONS, type AddressSuggestion } from './address-suggestion.js';
import type { CreatePropertyLocationRequest, PropertyLocation } from './property-location.js';

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
  useGetAddressSuggestionsQuery,
} = propertyLocationsApi;
