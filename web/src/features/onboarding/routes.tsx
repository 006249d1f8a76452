import { Navigate, useLocation, type RouteObject } from 'react-router';

/** /onboarding (spec 000 2.1, 2.5): three steps; any other onboarding path goes to account type select. */
export const onboardingRoutes: RouteObject[] = [
  {
    path: 'onboarding',
    lazy: { Component: async () => (await import('./OnboardingLayout.js')).OnboardingLayout },
    children: [
      { path: 'account-type', lazy: { Component: async () => (await import('./AccountTypePage.js')).AccountTypePage } },
      { path: 'property-location', lazy: { Component: async () => (await import('./PropertyLocationStepPage.js')).PropertyLocationStepPage } },
      { path: 'tenants', lazy: { Component: async () => (await import('./TenantsStepPage.js')).TenantsStepPage } },
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
