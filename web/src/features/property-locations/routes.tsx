import type { RouteObject } from 'react-router';
import { locationSections } from '../../app/location-sections.js';

/**
 * property-locations (list) and property-locations/{id} with its sections (spec 001 section 2), relative to
 * /property-manager. The create page keeps its own static route, which outranks {id}.
 */
export const propertyLocationRoutes: RouteObject[] = [
  { path: 'property-locations', lazy: { Component: async () => (await import('./list/PropertyLocationsPage.js')).PropertyLocationsPage } },
  {
    path: 'property-locations/:id',
    lazy: { Component: async () => (await import('./view/PropertyLocationLayout.js')).PropertyLocationLayout },
    children: [
      { index: true, lazy: { Component: async () => (await import('./view/LocationOverviewPage.js')).LocationOverviewPage } },
      { path: 'phone-number', lazy: { Component: async () => (await import('./phone-number/PhoneNumberPage.js')).PhoneNumberPage } },
      { path: 'email-address', lazy: { Component: async () => (await import('./email-address/EmailAddressPage.js')).EmailAddressPage } },
      ...locationSections.map(({ path, lazy }) => ({ path, lazy })),
    ],
  },
];
