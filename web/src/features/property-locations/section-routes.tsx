import type { RouteObject } from 'react-router';
import { ContactsPage } from '../contacts/ContactsPage.js';
import { KnowledgePage, LocationRulesPage, QuestionAnswersPage } from '../knowledge/pages.js';
import { PartnersPage } from '../partners/PartnersPage.js';
import { LocationTenantsPage } from '../tenants/location/LocationTenantsPage.js';

/**
 * The sections of a property location's page (/property-manager/property-locations/{id}/…) that other features
 * provide: tenants, partners (managers), Q&A, rules, knowledge, contacts. The location's layout route renders them as its
 * children, under the location's header and section tabs; each feature adds its entries here.
 */
export const locationSectionRoutes: RouteObject[] = [
  { path: 'tenants', Component: LocationTenantsPage },
  { path: 'managers', Component: PartnersPage },
  { path: 'question-answers', Component: QuestionAnswersPage },
  { path: 'rules', Component: LocationRulesPage },
  { path: 'knowledge', Component: KnowledgePage },
  { path: 'contacts', Component: ContactsPage },
];
