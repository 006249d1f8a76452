import type { RouteObject } from 'react-router';

/** /property-manager/rent (spec 001 §2): the selected location's rent, inside the manager shell. */
export const rentRoutes: RouteObject[] = [
  { path: 'rent', lazy: { Component: async () => (await import('./rent-roll/pages.js')).SelectedLocationRentPage } },
  // The subscription plans screen, where the plans' checkout returns (?success=true).
  { path: 'subscription', lazy: { Component: async () => (await import('./subscription/SubscriptionPage.js')).SubscriptionPage } },
];

/** The payment result pages (spec 000 §2.3 items 16 and 17), public: the provider's checkout returns to them. */
export const rentResultRoutes: RouteObject[] = [
  { path: 'rent/success', lazy: { Component: async () => (await import('./rent-result/RentSuccessPage.js')).RentSuccessPage } },
  { path: 'rent/cancel', lazy: { Component: async () => (await import('./rent-result/RentCancelPage.js')).RentCancelPage } },
];
