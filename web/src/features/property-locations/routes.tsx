import type { RouteObject } from 'react-router';
import { EmailAddressPage } from './email-address/EmailAddressPage.js';
import { PropertyLocationsPage } from './list/PropertyLocationsPage.js';
import { PhoneNumberPage } from './phone-number/PhoneNumberPage.js';
import { locationSections } from '../../app/location-sections.js';
import { LocationOverviewPage } from './view/LocationOverviewPage.js';
import { PropertyLocationLayout } from './view/PropertyLocationLayout.js';

/**
 * property-locations (list) and property-locations/{id} with its sections (spec 001 section 2), relative to
 * /property-manager. The create page keeps its own static route, which outranks {id}.
 */
export const propertyLocationRoutes: RouteObject[] = [
  { path: 'property-locations', Component: PropertyLocationsPage },
  {
    path: 'property-locations/:id',
    Component: PropertyLocationLayout,
    children: [
      { index: true, Component: LocationOverviewPage },
      { path: 'phone-number', Component: PhoneNumberPage },
      { path: 'email-address', Component: EmailAddressPage },
      ...locationSections.map(({ path, Component }) => ({ path, Component })),
    ],
  },
];
