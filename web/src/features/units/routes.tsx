import type { RouteObject } from 'react-router';

/** units/{id} and units/{id}/documents (spec 001 section 2). */
export const unitRoutes: RouteObject[] = [
  { path: 'units/:id', lazy: { Component: async () => (await import('./UnitPage.js')).UnitPage } },
  { path: 'units/:id/documents', lazy: { Component: async () => (await import('./UnitPage.js')).UnitDocumentsPage } },
];
