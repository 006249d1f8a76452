import { Navigate, type RouteObject } from 'react-router';
import { AccountSettingsPage } from './AccountSettingsPage.js';

/**
 * Account settings routes relative to /property-manager (spec 2.1: account/contact|profile|password|…). An unknown
 * tab, or none, opens Contact details.
 */
export const propertyManagerAccountRoutes: RouteObject[] = [
  { path: 'account', element: <Navigate to="/property-manager/account/contact" replace /> },
  { path: 'account/:tab', element: <AccountSettingsPage base="/property-manager/account" /> },
];

/** The resident portal's account settings (spec 2.3 screen 19, resident paths). */
export const residentAccountRoutes: RouteObject[] = [
  { path: 'resident/account', element: <Navigate to="/resident/account/contact" replace /> },
  { path: 'resident/account/:tab', element: <AccountSettingsPage base="/resident/account" /> },
];
