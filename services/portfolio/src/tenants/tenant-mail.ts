import type { Building } from '../buildings/building.entity.js';
import type { PropertyLocation } from '../property-locations/property-location.entity.js';
import type { Tenant } from './tenant.entity.js';

export const TENANT_NOT_FOUND = 'Tenant not found';

/** Where a tenant signs up: the web's sign-up page with their address and the resident account type filled in. */
export function inviteLink(publicWebUrl: string, email: string): string {
  return `${publicWebUrl.replace(/\/+$/, '')}/sign-up?email=${encodeURIComponent(email)}&account_type=resident`;
}

/** The values of the templates' placeholders for one tenant. */
export function placeholderValues(publicWebUrl: string, tenant: Tenant, email: string, location: PropertyLocation, building: Building): Record<string, string> {
  return {
    tenant_name: tenant.fullName,
    property_name: location.name,
    property_address: building.addressText,
    invite_link: inviteLink(publicWebUrl, email),
    lease_end: tenant.leaseEndDate ?? tenant.metadata.lease_end ?? '',
  };
}
