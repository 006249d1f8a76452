import { noOnboardingProgress, type OnboardingProgress } from '@pm/contracts';
import type { AddressSuggestion } from './address-search/address-suggestion.js';
import type { PropertyLocation } from './property-location.js';

export function aLocation(overrides: Partial<PropertyLocation> = {}): PropertyLocation {
  return {
    id: crypto.randomUUID(),
    name: '12 Oak Street',
    address_text: '12 Oak Street, Springfield, IL 62701',
    type: 'SINGLE_FAMILY_HOME',
    declared_units_count: null,
    is_rental_property: true,
    email: null,
    phone: null,
    metadata: {},
    created_at: new Date().toISOString(),
    access_role: 'OWNER',
    ...overrides,
  };
}

export function aSuggestion(overrides: Partial<AddressSuggestion> = {}): AddressSuggestion {
  return {
    id: crypto.randomUUID(),
    label: '1600 Pennsylvania Ave NW, Washington, DC 20500',
    street: '1600 Pennsylvania Ave NW',
    city: 'Washington',
    state: 'DC',
    zipcode: '20500',
    country: 'US',
    lat: 38.8977,
    lng: -77.0365,
    ...overrides,
  };
}

export function progressWith(overrides: Partial<OnboardingProgress> = {}): OnboardingProgress {
  return { ...noOnboardingProgress, hasPropertyLocation: true, ...overrides };
}
