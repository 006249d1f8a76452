import type { PropertyLocation } from '../../features/property-locations/property-location.js';

export interface SidebarItem {
  key: string;
  label: string;
  path: string;
}

/**
 * The manager sidebar. Only screens that exist are listed; the rest of spec 001's menu (communication, workflows,
 * invoices, maintenance… and the navbar flags that switch them) arrives with the issues that build those screens.
 * The checklist shows to property-owner-campaign users only for rental properties (spec 000 section 6).
 */
export function sidebarItems({
  isPropertyOwnerCampaign,
  selectedLocation,
}: {
  isPropertyOwnerCampaign: boolean;
  selectedLocation: Pick<PropertyLocation, 'is_rental_property'> | null;
}): SidebarItem[] {
  const showChecklist = !isPropertyOwnerCampaign || selectedLocation?.is_rental_property === true;
  return [
    { key: 'dashboard', label: 'Dashboard', path: '/property-manager/dashboard' },
    ...(showChecklist ? [{ key: 'onboarding-checklist', label: 'Onboarding Checklist', path: '/property-manager/onboarding-checklist' }] : []),
    { key: 'add-property', label: 'Add Property', path: '/property-manager/property-locations/create' },
  ];
}
