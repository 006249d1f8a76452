import { buildingLocationSections } from '../features/buildings/location-sections.js';
import { contactLocationSections } from '../features/contacts/location-sections.js';
import { knowledgeLocationSections } from '../features/knowledge/location-sections.js';
import { partnerLocationSections } from '../features/partners/location-sections.js';
import { paymentLocationSections } from '../features/payments/location-sections.js';
import { tenantLocationSections } from '../features/tenants/location-sections.js';
import type { LocationSection } from './location-section.js';

/**
 * The property location page's sections, in tab order, from the features that provide them. The route table reads
 * it, so it holds paths, labels and lazy pages only: nothing here may import a screen (see location-dialogs.ts).
 */
export const locationSections: readonly LocationSection[] = [
  ...buildingLocationSections,
  ...tenantLocationSections,
  ...paymentLocationSections,
  ...partnerLocationSections,
  ...knowledgeLocationSections,
  ...contactLocationSections,
];
