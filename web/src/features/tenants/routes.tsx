import type { RouteObject } from 'react-router';
import { TenantDetailPage } from './detail/TenantDetailPage.js';
import { TenantsPage } from './list/TenantsPage.js';
import { PastTenantsPage } from './past/PastTenantsPage.js';

/** Top-level manager routes of the tenants feature (tenants, past-tenants, tenants/{id}), inside the manager shell. */
export const tenantRoutes: RouteObject[] = [
  { path: 'tenants', Component: TenantsPage },
  { path: 'past-tenants', Component: PastTenantsPage },
  { path: 'tenants/:id', Component: TenantDetailPage },
];
