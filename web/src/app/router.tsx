import { Navigate, type RouteObject } from 'react-router';
import { propertyManagerAccountRoutes, residentAccountRoutes } from '../features/account/routes.js';
import { authRoutes } from '../features/auth/routes.js';
import { onboardingRoute } from './onboarding-route.js';
import { PlatformStatusPage } from '../features/platform-status/PlatformStatusPage.js';
import { publicPageRoutes } from '../features/public-pages/routes.js';
import { TenantWelcomePage } from '../features/tenant-welcome/TenantWelcomePage.js';
import { PartnerInvitationPage } from '../features/partners/PartnerInvitationPage.js';
import { ResidentHomePage } from '../features/resident-home/ResidentHomePage.js';
import { AccessGuard } from './access/AccessGuard.js';
import { ErrorPage } from './error-page.js';
import { propertyManagerRoute } from './pm-shell/routes.js';
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
              ...publicPageRoutes,
              ...authRoutes,
              { path: 'status', Component: PlatformStatusPage },
              // Where a tenant invitation e-mail leads; public, the token in the path is the credential.
              { path: 'welcome/:token', Component: TenantWelcomePage },
              // Where a partner invitation e-mail leads; answered only by the account of the invited address.
              { path: 'partner-invitation/:token', Component: PartnerInvitationPage },
              // A resident's landing page after sign-in (the resident portal is not built yet).
              { path: 'resident/dashboard', Component: ResidentHomePage },
              ...residentAccountRoutes,
            ],
          },
          onboardingRoute,
          // The account settings live in the property-manager shell (spec 2.1: /property-manager/account/…).
          { ...propertyManagerRoute, index: false, children: [...(propertyManagerRoute.children ?? []), ...propertyManagerAccountRoutes] },
        ],
      },
      // The spec: unknown paths redirect to home.
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
