import { Navigate, type RouteObject } from 'react-router';
import { buildingRoutes } from '../../features/buildings/routes.js';
import { CreatePropertyLocationPage } from '../../features/property-locations/create-property-location/CreatePropertyLocationPage.js';
import { DashboardPage } from '../../features/property-manager/dashboard/DashboardPage.js';
import { OnboardingChecklistPage } from '../../features/property-manager/onboarding-checklist/OnboardingChecklistPage.js';
import { propertyLocationRoutes } from '../../features/property-locations/routes.js';
import { unitRoutes } from '../../features/units/routes.js';
import { tenantRoutes } from '../../features/tenants/routes.js';
import { knowledgeRoutes } from '../../features/knowledge/routes.js';
import { PropertyManagerShell } from './PropertyManagerShell.js';

/**
 * The property-manager area (spec 000 2.1, spec 001 section 2) inside its shell. Later issues add their screens
 * here; /property-manager alone opens the dashboard.
 */
export const propertyManagerRoute: RouteObject = {
  path: 'property-manager',
  Component: PropertyManagerShell,
  children: [
    { index: true, element: <Navigate to="dashboard" replace /> },
    { path: 'dashboard', Component: DashboardPage },
    { path: 'onboarding-checklist', Component: OnboardingChecklistPage },
    { path: 'property-locations/create', Component: CreatePropertyLocationPage },
    ...propertyLocationRoutes,
    ...buildingRoutes,
    ...unitRoutes,
    ...tenantRoutes,
    ...knowledgeRoutes,
  ],
};
