import type { ComponentProps } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import type { AccountSettingsPage as Page } from './AccountSettingsPage.js';

/** The settings page under `base`, as a lazy route element (the page takes its base path as a prop). */
const accountSettingsAt = (base: ComponentProps<typeof Page>['base']) => async () => {
  const { AccountSettingsPage } = await import('./AccountSettingsPage.js');
  return <AccountSettingsPage base={base} />;
};

/**
 * Account settings routes relative to /property-manager (spec 2.1: account/contact|profile|password|…). An unknown
 * tab, or none, opens Contact details.
 */
export const propertyManagerAccountRoutes: RouteObject[] = [
  { path: 'account', element: <Navigate to="/property-manager/account/contact" replace /> },
  { path: 'account/:tab', lazy: { element: accountSettingsAt('/property-manager/account') } },
];

/** The resident portal's account settings (spec 2.3 screen 19, resident paths). */
export const residentAccountRoutes: RouteObject[] = [
  { path: 'resident/account', element: <Navigate to="/resident/account/contact" replace /> },
  { path: 'resident/account/:tab', lazy: { element: accountSettingsAt('/resident/account') } },
];
