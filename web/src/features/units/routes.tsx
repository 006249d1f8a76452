import type { RouteObject } from 'react-router';

/** units/{id} (spec 001 section 2). */
export const unitRoutes: RouteObject[] = [{ path: 'units/:id', lazy: { Component: async () => (await import('./UnitPage.js')).UnitPage } }];
