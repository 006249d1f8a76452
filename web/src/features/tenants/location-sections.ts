import type { LocationSection } from '../../app/location-section.js';

export const tenantLocationSections: LocationSection[] = [
  { path: 'tenants', label: 'Tenants', lazy: { Component: async () => (await import('./location/LocationTenantsPage.js')).LocationTenantsPage } },
];
