import type { LocationSection } from '../../../app/location-section.js';
import { isSingleFamilyLike, type PropertyLocation } from '../../../app/property-location.js';

export interface SectionTab {
  /** The first path segment below /property-locations/{id}; '' is the overview. */
  key: string;
  label: string;
}

/**
 * The location page's tabs: overview, the sections the features provide (All Buildings hidden for single-family
 * locations, spec 001 section 2), then phone number and e-mail address.
 */
export function sectionTabs(location: Pick<PropertyLocation, 'type'>, sections: readonly LocationSection[]): SectionTab[] {
  const singleFamily = isSingleFamilyLike(location.type);
  return [
    { key: '', label: 'Overview' },
    ...sections.filter((section) => !(section.withBuildingsOnly && singleFamily)).map(({ path, label }) => ({ key: path, label })),
    { key: 'phone-number', label: 'Phone Number' },
    { key: 'email-address', label: 'Email Address' },
  ];
}
