import { isSingleFamilyLike, type PropertyLocation } from '../property-location.js';

export interface SidebarItem {
  key: string;
  label: string;
  path: string;
}

/**
 * The manager sidebar. Only screens that exist are listed; the rest of spec 001's menu (workflows, invoices,
 * maintenance… and the navbar flags that switch them) arrives with the issues that build those screens. The
 * communication items show when the navbar flags say so (spec 000 §3.12: a manager's location with a number or an
 * address; other users get every flag true).
 * The checklist shows to property-owner-campaign users only for rental properties (spec 000 section 6); Buildings
 * is hidden for a single-family location, like its "All Buildings" (spec 001 section 2).
 */
export function sidebarItems({
  isPropertyOwnerCampaign,
  selectedLocation,
  showCommunicationMenuItems = false,
  sandboxPhone = false,
}: {
  isPropertyOwnerCampaign: boolean;
  selectedLocation: Pick<PropertyLocation, 'is_rental_property' | 'type'> | null;
  showCommunicationMenuItems?: boolean;
  /** The local profile's sandbox phone answers (it is 404 elsewhere): then it is listed. */
  sandboxPhone?: boolean;
}): SidebarItem[] {
  const showChecklist = !isPropertyOwnerCampaign || selectedLocation?.is_rental_property === true;
  const showBuildings = selectedLocation !== null && !isSingleFamilyLike(selectedLocation.type);
  return [
    { key: 'dashboard', label: 'Dashboard', path: '/property-manager/dashboard' },
    ...(showChecklist ? [{ key: 'onboarding-checklist', label: 'Onboarding Checklist', path: '/property-manager/onboarding-checklist' }] : []),
    { key: 'property-locations', label: 'Property Locations', path: '/property-manager/property-locations' },
    ...(showBuildings ? [{ key: 'buildings', label: 'Buildings', path: '/property-manager/buildings' }] : []),
    { key: 'tenants', label: 'Tenants', path: '/property-manager/tenants' },
    ...(showCommunicationMenuItems && selectedLocation !== null
      ? [
          { key: 'inbound-messages', label: 'Inbound Messages', path: '/property-manager/inbound-messages' },
          { key: 'inbox', label: 'Inbox', path: '/property-manager/inbox' },
          { key: 'sent-emails', label: 'Sent E-mails', path: '/property-manager/sent-emails' },
          { key: 'sent-sms', label: 'Sent SMS', path: '/property-manager/sent-sms' },
          { key: 'inbound-call', label: 'Inbound Calls', path: '/property-manager/inbound-call' },
          { key: 'conversations', label: 'Conversations', path: '/property-manager/conversations' },
        ]
      : []),
    { key: 'tickets', label: 'Tickets', path: '/property-manager/tickets' },
    { key: 'vault', label: 'Vault', path: '/property-manager/operations-hub/vault' },
    { key: 'chat-with-ai', label: 'Chat with AI', path: '/property-manager/chat-with-ai' },
    ...(sandboxPhone ? [{ key: 'sandbox-phone', label: 'Sandbox Phone', path: '/property-manager/sandbox-phone' }] : []),
    { key: 'add-property', label: 'Add Property', path: '/property-manager/property-locations/create' },
  ];
}
