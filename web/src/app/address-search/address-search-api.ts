import { baseApi } from '../base-api.js';
import { MAX_ADDRESS_SUGGESTIONS, type AddressSuggestion } from './address-suggestion.js';

/**
 * The address search every address field uses (a location's address, a resident's home for the Terri chat): the
 * BFF's own call to the geocoder (no request contract), written by hand.
 */
export const addressSearchApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAddressSuggestions: build.query<AddressSuggestion[], string>({
      query: (q) => ({ url: 'address/suggestions', params: { q } }),
      // The server promises at most five; the list stays short even if a provider sends more.
      transformResponse: (response: { suggestions: AddressSuggestion[] }) => response.suggestions.slice(0, MAX_ADDRESS_SUGGESTIONS),
      keepUnusedDataFor: 60,
    }),
    // Where a saved address is, for the edit dialog's pin; the BFF answers 404 for an address it cannot place.
    geocodeAddress: build.query<AddressSuggestion, string>({
      query: (q) => ({ url: 'address/geocode', params: { q } }),
      keepUnusedDataFor: 300,
    }),
  }),
});

export const { useGetAddressSuggestionsQuery, useGeocodeAddressQuery } = addressSearchApi;
