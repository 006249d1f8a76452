import type { LocationSection } from '../../app/location-section.js';

export const partnerLocationSections: LocationSection[] = [{ path: 'managers', label: 'Partners', lazy: { Component: async () => (await import('./PartnersPage.js')).PartnersPage } }];
