import type { LocationSection } from '../../app/location-section.js';

export const paymentLocationSections: LocationSection[] = [
  { path: 'rent', label: 'Rent', lazy: { Component: async () => (await import('./rent-roll/pages.js')).LocationRentPage } },
];
