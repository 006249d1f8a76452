import { Navigate, type RouteObject } from 'react-router';
import { buildingRoutes } from '../../features/buildings/routes.js';
import { propertyLocationRoutes } from '../../features/property-locations/routes.js';
import { unitRoutes } from '../../features/units/routes.js';
import { tenantRoutes } from '../../features/tenants/routes.js';
import { knowledgeRoutes } from '../../features/knowledge/routes.js';
import { inboundCallRoutes } from '../../features/inbound-calls/routes.js';
import { sandboxPhoneRoutes } from '../../features/sandbox-phone/routes.js';
import { ticketRoutes } from '../../features/tickets/routes.js';
import { inboxRoutes } from '../../features/inbox/routes.js';
import { conversationRoutes } from '../../features/conversations/routes.js';
import { vaultRoutes } from '../../features/vault/routes.js';
import { managerDocumentRoutes } from '../../features/documents/routes.js';
import { contactRoutes } from '../../features/contacts/routes.js';
import { partnerRoutes } from '../../features/partners/routes.js';
import { rentRoutes } from '../../features/payments/routes.js';

/**
 * The property-manager area (spec 000 2.1, spec 001 section 2) inside its shell. Later issues add their screens
 * here; /property-manager alone opens the dashboard. The shell and each page are lazy: a signed-out visitor never
 * downloads them.
 */
export const propertyManagerRoute: RouteObject = {
  path: 'property-manager',
  lazy: { Component: async () => (await import('./PropertyManagerShell.js')).PropertyManagerShell },
  children: [
    { index: true, element: <Navigate to="dashboard" replace /> },
    { path: 'dashboard', lazy: { Component: async () => (await import('../../features/property-manager/dashboard/DashboardPage.js')).DashboardPage } },
    {
      path: 'onboarding-checklist',
      lazy: { Component: async () => (await import('../../features/property-manager/onboarding-checklist/OnboardingChecklistPage.js')).OnboardingChecklistPage },
    },
    {
      path: 'property-locations/create',
      lazy: { Component: async () => (await import('../../features/property-locations/create-property-location/CreatePropertyLocationPage.js')).CreatePropertyLocationPage },
    },
    ...propertyLocationRoutes,
    ...buildingRoutes,
    ...unitRoutes,
    ...tenantRoutes,
    ...knowledgeRoutes,
    ...inboundCallRoutes,
    ...sandboxPhoneRoutes,
    ...ticketRoutes,
    ...inboxRoutes,
    ...conversationRoutes,
    ...vaultRoutes,
    ...managerDocumentRoutes,
    ...contactRoutes,
    ...partnerRoutes,
    ...rentRoutes,
    { path: 'chat-with-ai', lazy: { Component: async () => (await import('../../features/ai-chat/ChatWithAiPage.js')).ChatWithAiPage } },
  ],
};
