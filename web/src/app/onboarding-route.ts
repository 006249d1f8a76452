import type { RouteObject } from 'react-router';
import { onboardingRoutes } from '../features/onboarding/routes.js';

/** The onboarding steps, behind the property manager's one-time redirect to the onboarding checklist. */
export const onboardingRoute: RouteObject = {
  lazy: { Component: async () => (await import('../features/property-manager/OnboardingChecklistRedirect.js')).OnboardingChecklistRedirect },
  children: onboardingRoutes,
};
