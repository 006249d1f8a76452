import type { RouteObject } from 'react-router';

/** Top-level manager routes of the tenants feature (tenants, past-tenants, tenants/{id} and its SMS, Documents and Payments tabs), inside the manager shell. */
export const tenantRoutes: RouteObject[] = [
  { path: 'tenants', lazy: { Component: async () => (await import('./list/TenantsPage.js')).TenantsPage } },
  { path: 'past-tenants', lazy: { Component: async () => (await import('./past/PastTenantsPage.js')).PastTenantsPage } },
  { path: 'tenants/:id', lazy: { Component: async () => (await import('./detail/TenantDetailPage.js')).TenantDetailPage } },
  { path: 'tenants/:id/sms', lazy: { Component: async () => (await import('./detail/TenantDetailPage.js')).TenantDetailPage } },
  { path: 'tenants/:id/documents', lazy: { Component: async () => (await import('./detail/TenantDetailPage.js')).TenantDetailPage } },
  { path: 'tenants/:id/payments', lazy: { Component: async () => (await import('./detail/TenantDetailPage.js')).TenantDetailPage } },
];
