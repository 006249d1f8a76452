export { AddressSuggestionSchema, type AddressSuggestion } from './address-suggestion.js';
export { MIN_QUERY_LENGTH, MAX_SUGGESTIONS, isSearchable, type AddressSearch } from './address-search.js';
export { OfflineAddressSearch } from './offline/offline-address-search.js';
export { parseUsAddress, type ParsedUsAddress } from './offline/parse-us-address.js';
export { MapboxAddressSearch, MapboxError, type MapboxOptions } from './mapbox/mapbox-address-search.js';
export { geoEnv, createAddressSearch, type GeoEnv } from './geo-config.js';
