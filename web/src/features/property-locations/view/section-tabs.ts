import type { RouteObject } from 'react-router';
import { isSingleFamilyLike, type PropertyLocation } from '../../../app/property-location.js';

export interface SectionTab {
  /** The first path segment below /property-locations/{id}; '' is the overview. */
  key: string;
  label: string;
}

/** Labels for the sections other features add through locationSectionRoutes; an unknown one is named after its path. */
const sectionLabels: Record<string, string> = {
  tenants: 'Tenants',
  'past-tenants': 'Past Tenants',
  rent: 'Rent',
  managers: 'Partners',
  'question-answers': 'Q&A',
  rules: 'Rules',
  knowledge: 'Knowledge',
  contacts: 'Contacts',
};

const humanize = (segment: string) => segment.replace(/[-_]+/g, ' ').replace(/^\w/, (first) => first.toUpperCase());

/**
 * The location page's tabs: overview, All Buildings (hidden for single-family locations, spec 001 section 2), the
 * sections other features provide, then phone number and e-mail address.
 */
export function sectionTabs(location: Pick<PropertyLocation, 'type'>, sectionRoutes: readonly RouteObject[]): SectionTab[] {
  const provided: SectionTab[] = [];
  for (const route of sectionRoutes) {
    const segment = route.path?.split('/')[0];
    if (!segment || segment.startsWith(':') || provided.some((tab) => tab.key === segment)) continue;
    provided.push({ key: segment, label: sectionLabels[segment] ?? humanize(segment) });
  }
  return [
    { key: '', label: 'Overview' },
    ...(isSingleFamilyLike(location.type) ? [] : [{ key: 'buildings', label: 'All Buildings' }]),
    ...provided,
    { key: 'phone-number', label: 'Phone Number' },
    { key: 'email-address', label: 'Email Address' },
  ];
}
