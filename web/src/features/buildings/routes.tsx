import type { RouteObject } from 'react-router';
import { buildingSections } from '../../app/building-sections.js';

/** buildings (the selected location's) and buildings/{id} with its units (spec 001 section 2). */
export const buildingRoutes: RouteObject[] = [
  { path: 'buildings', lazy: { Component: async () => (await import('./BuildingsPages.js')).SelectedLocationBuildingsPage } },
  {
    path: 'buildings/:id',
    lazy: { Component: async () => (await import('./BuildingLayout.js')).BuildingLayout },
    children: [
      { index: true, lazy: { Component: async () => (await import('./BuildingLayout.js')).BuildingOverviewPage } },
      ...buildingSections,
    ],
  },
];
