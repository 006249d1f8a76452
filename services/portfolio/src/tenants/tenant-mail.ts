import type { Building } from '../buildings/building.entity.js';
import type { PropertyLocation } from '../property-locations/property-location.entity.js';
import type { Tenant } from './tenant.entity.js';

export const TENANT_NOT_FOUND = 'Tenant not found';

/**
 * Where an invited tenant lands: the web's welcome page of their invitation token (their property and how to reach
 * it; a tenant needs no account). The e-mail address rides along only to prefill the optional resident sign-up.
 */
export function inviteLink(publicWebUrl: string, token: string, email: string): string {
  return `${publicWebUrl.replace(/\/+$/, '')}/welcome/${encodeURIComponent(token)}?email=${encodeURIComponent(email)}`;
}

/** The values of the templates' placeholders for one tenant. */
export function placeholderValues(publicWebUrl: string, tenant: Tenant, invite: { token: string; email: string }, location: PropertyLocation, building: Building): Record<string, string> {
  return {
    tenant_name: tenant.fullName,
    property_name: location.name,
    property_address: building.addressText,
    invite_link: inviteLink(publicWebUrl, invite.token, invite.email),
    lease_end: tenant.leaseEndDate ?? tenant.metadata.lease_end ?? '',
  };
}
