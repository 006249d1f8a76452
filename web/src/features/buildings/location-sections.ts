import type { LocationSection } from '../../app/location-section.js';

export const buildingLocationSections: LocationSection[] = [
  { path: 'buildings', label: 'All Buildings', lazy: { Component: async () => (await import('./BuildingsPages.js')).LocationBuildingsPage }, withBuildingsOnly: true },
];
