import type { AddressSuggestion } from './address-suggestion.js';

/** Spec 000 §5 and §9: suggestions are asked for from 3 characters on, and at most 5 come back, US only. */
export const MIN_QUERY_LENGTH = 3;
export const MAX_SUGGESTIONS = 5;

/** Forward geocoding behind one interface, so the product runs offline and with a real provider alike. */
export interface AddressSearch {
  /** Autocomplete: at most MAX_SUGGESTIONS US addresses; none for queries shorter than MIN_QUERY_LENGTH. */
  suggest(query: string): Promise<AddressSuggestion[]>;
  /** One full address to one point, or null when it cannot be placed. */
  geocode(address: string): Promise<AddressSuggestion | null>;
}

export function isSearchable(query: string): boolean {
  return query.trim().length >= MIN_QUERY_LENGTH;
}
