import type { LocationSection } from '../../app/location-section.js';
import { LocationBuildingsPage } from './BuildingsPages.js';

export const buildingLocationSections: LocationSection[] = [
  { path: 'buildings', label: 'All Buildings', Component: LocationBuildingsPage, withBuildingsOnly: true },
];
