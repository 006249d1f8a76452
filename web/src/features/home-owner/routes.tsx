import { Navigate, type RouteObject } from 'react-router';
import { homeOwnerPaths } from './home-owner-texts.js';

/**
 * The home-owner portal (spec 000 §2.1: /dashboard, /properties → /dashboard, /properties/add; /documents and
 * /documents/{id} are the documents feature's), in the public shell.
 */
export const homeOwnerRoutes: RouteObject[] = [
  { path: 'dashboard', lazy: { Component: async () => (await import('./HomeOwnerDashboardPage.js')).HomeOwnerDashboardPage } },
  { path: 'properties', element: <Navigate to={homeOwnerPaths.dashboard} replace /> },
  { path: 'properties/add', lazy: { Component: async () => (await import('./AddPropertyPage.js')).AddPropertyPage } },
];
