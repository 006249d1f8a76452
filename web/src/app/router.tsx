import { Navigate, type RouteObject } from 'react-router';
import { propertyManagerAccountRoutes, residentAccountRoutes } from '../features/account/routes.js';
import { authRoutes } from '../features/auth/routes.js';
import { homeOwnerDocumentRoutes } from '../features/documents/routes.js';
import { homeOwnerRoutes } from '../features/home-owner/routes.js';
import { onboardingRoute } from './onboarding-route.js';
import { publicPageRoutes } from '../features/public-pages/routes.js';
import { rentResultRoutes } from '../features/payments/routes.js';
import { AccessGuard } from './access/AccessGuard.js';
import { ErrorPage } from './error-page.js';
import { propertyManagerRoute } from './pm-shell/routes.js';
import { PageLoading, RouteLoadingLayout } from './route-loading.js';
import { AppShell } from './shell/AppShell.js';

/**
 * The route table (spec section 2.1). Exported as data so the browser router in main.tsx and the memory routers
 * in tests run the same table. Screens go under the guard; the guard's rules decide who may see them.
 *
 * Every page is a lazy route (`lazy: { Component: () => import(…) }`, the one way a page is declared): the table and
 * the shells are in the first download, each page's code (and the manager shell's) comes when its path is opened, so
 * a visitor of / or /login never downloads the manager console.
 */
export const appRoutes: RouteObject[] = [
  {
    ErrorBoundary: ErrorPage,
    HydrateFallback: PageLoading,
    Component: RouteLoadingLayout,
    children: [
      {
        Component: AccessGuard,
        children: [
          {
            Component: AppShell,
            children: [
              ...publicPageRoutes,
              ...authRoutes,
              ...rentResultRoutes,
              { path: 'status', lazy: { Component: async () => (await import('../features/platform-status/PlatformStatusPage.js')).PlatformStatusPage } },
              // Where a tenant invitation e-mail leads; public, the token in the path is the credential.
              { path: 'welcome/:token', lazy: { Component: async () => (await import('../features/tenant-welcome/TenantWelcomePage.js')).TenantWelcomePage } },
              // Where a partner invitation e-mail leads; answered only by the account of the invited address.
              { path: 'partner-invitation/:token', lazy: { Component: async () => (await import('../features/partners/PartnerInvitationPage.js')).PartnerInvitationPage } },
              // A resident's landing page after sign-in (the resident portal is not built yet).
              { path: 'resident/dashboard', lazy: { Component: async () => (await import('../features/resident-home/ResidentHomePage.js')).ResidentHomePage } },
              // The resident's messages with their property (spec 002 Messages).
              { path: 'resident/communication', lazy: { Component: async () => (await import('../features/resident-messages/ResidentMessagesPage.js')).ResidentMessagesPage } },
              // The resident's payments (spec 002 Payments): history, Make Payment and their recurring rent.
              { path: 'resident/payments', lazy: { Component: async () => (await import('../features/payments/resident/ResidentPaymentsPage.js')).ResidentPaymentsPage } },
              ...residentAccountRoutes,
              ...homeOwnerRoutes,
              ...homeOwnerDocumentRoutes,
              // Terri (spec 000 §2.3 item 13): a session, or the unauthenticated-experience entry (see app-access-rules).
              { path: 'chat', lazy: { Component: async () => (await import('../features/terri-chat/ChatPage.js')).ChatPage } },
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
