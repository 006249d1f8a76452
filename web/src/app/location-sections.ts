import { buildingLocationSections } from '../features/buildings/location-sections.js';
import { contactLocationSections } from '../features/contacts/location-sections.js';
import { knowledgeLocationSections } from '../features/knowledge/location-sections.js';
import { partnerLocationSections } from '../features/partners/location-sections.js';
import { tenantLocationDialogs, tenantLocationSections } from '../features/tenants/location-sections.js';
import type { LocationDialog, LocationSection } from './location-section.js';

/** The property location page's sections, in tab order, from the features that provide them. */
export const locationSections: readonly LocationSection[] = [
  ...buildingLocationSections,
  ...tenantLocationSections,
  ...partnerLocationSections,
  ...knowledgeLocationSections,
  ...contactLocationSections,
];

/** The dialogs other features open over the location page from a query flag. */
export const locationDialogs: readonly LocationDialog[] = [...tenantLocationDialogs];
