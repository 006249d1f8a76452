import type { RouteObject } from 'react-router';

/** Top-level manager routes of the tenants feature (tenants, past-tenants, tenants/{id}), inside the manager shell. */
export const tenantRoutes: RouteObject[] = [];
