import { Navigate, useLocation, type RouteObject } from 'react-router';
import { AccountTypePage } from './AccountTypePage.js';
import { OnboardingLayout } from './OnboardingLayout.js';
import { PropertyLocationStepPage } from './PropertyLocationStepPage.js';
import { TenantsStepPage } from './TenantsStepPage.js';

/** /onboarding (spec 000 2.1, 2.5): three steps; any other onboarding path goes to account type select. */
export const onboardingRoutes: RouteObject[] = [
  {
    path: 'onboarding',
    Component: OnboardingLayout,
    children: [
      { path: 'account-type', Component: AccountTypePage },
      { path: 'property-location', Component: PropertyLocationStepPage },
      { path: 'tenants', Component: TenantsStepPage },
      { index: true, Component: ToAccountType },
      { path: '*', Component: ToAccountType },
    ],
  },
];

/** Keeps the query (campaign, returnUrl) when an unknown onboarding path falls back to the first step. */
function ToAccountType() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: '/onboarding/account-type', search }} replace />;
}
