/** The BFF's `AddressSuggestion` (issue 3 API contract): US only, with the point the map pins. */
export interface AddressSuggestion {
  id: string;
  label: string;
  street: string;
  city: string;
  state: string;
  zipcode: string;
  county?: string;
  country: 'US';
  lat: number;
  lng: number;
  /** 'zipcode': lat/lng are the ZIP code's centre, because the provider (the offline search) cannot place streets. */
  precision?: 'zipcode';
}

/** Spec 000 section 5 and 9: suggestions are requested only from 3 characters, and at most 5 are shown. */
export const MIN_ADDRESS_QUERY_LENGTH = 3;
export const MAX_ADDRESS_SUGGESTIONS = 5;

export function shouldSearchAddress(text: string): boolean {
  return text.trim().length >= MIN_ADDRESS_QUERY_LENGTH;
}

/**
 * Spec 000 section 5: the full-address hint shows when the text has more than 2 characters once digits and
 * spaces are removed and the search found nothing — the user typed a street or place, not a whole address.
 */
export function shouldShowFullAddressHint(text: string, resultCount: number): boolean {
  return resultCount === 0 && text.replace(/[\d\s]/g, '').length > 2;
}

/** The suggestion the text on screen is, typed or picked: the one the map pins. */
export function suggestionForText(text: string, suggestions: readonly AddressSuggestion[]): AddressSuggestion | null {
  const typed = text.trim().toLowerCase();
  return suggestions.find((suggestion) => suggestion.label.toLowerCase() === typed) ?? null;
}
