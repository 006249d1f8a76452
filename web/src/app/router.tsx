import { Navigate, type RouteObject } from 'react-router';
import { HomePage } from '../features/home/HomePage.js';
import { PlatformStatusPage } from '../features/platform-status/PlatformStatusPage.js';
import { AccessGuard } from './access/AccessGuard.js';
import { ErrorPage } from './error-page.js';
import { AppShell } from './shell/AppShell.js';

/**
 * The route table (spec section 2.1). Exported as data so the browser router in main.tsx and the memory routers
 * in tests run the same table. Screens go under the guard; the guard's rules decide who may see them.
 */
export const appRoutes: RouteObject[] = [
  {
    ErrorBoundary: ErrorPage,
    children: [
      {
        Component: AccessGuard,
        children: [
          {
            Component: AppShell,
            children: [
              { index: true, Component: HomePage },
              { path: 'status', Component: PlatformStatusPage },
            ],
          },
        ],
      },
      // The spec: unknown paths redirect to home.
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
