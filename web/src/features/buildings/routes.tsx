import type { RouteObject } from 'react-router';
import { buildingSections } from '../../app/building-sections.js';
import { BuildingLayout, BuildingOverviewPage } from './BuildingLayout.js';
import { SelectedLocationBuildingsPage } from './BuildingsPages.js';

/** buildings (the selected location's) and buildings/{id} with its units (spec 001 section 2). */
export const buildingRoutes: RouteObject[] = [
  { path: 'buildings', Component: SelectedLocationBuildingsPage },
  {
    path: 'buildings/:id',
    Component: BuildingLayout,
    children: [
      { index: true, Component: BuildingOverviewPage },
      ...buildingSections,
    ],
  },
];
