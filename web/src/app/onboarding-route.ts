import type { RouteObject } from 'react-router';
import { onboardingRoutes } from '../features/onboarding/routes.js';
import { OnboardingChecklistRedirect } from '../features/property-manager/OnboardingChecklistRedirect.js';

/** The onboarding steps, behind the property manager's one-time redirect to the onboarding checklist. */
export const onboardingRoute: RouteObject = { Component: OnboardingChecklistRedirect, children: onboardingRoutes };
