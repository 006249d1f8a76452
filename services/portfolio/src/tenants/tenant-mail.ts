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

/**
 * What messaging needs to word an e-mail to the tenant (TenantInvitationIssued, LeaseRenewalRequested): the values of
 * the templates' placeholders that portfolio owns, and whom and where it is for.
 */
export function tenantMailFacts(publicWebUrl: string, tenant: Tenant, invite: { token: string; email: string }, location: PropertyLocation, building: Building) {
  return {
    ...location.scope(),
    tenantId: tenant.id,
    buildingId: building.id,
    tenantName: tenant.fullName,
    email: invite.email,
    propertyName: location.name,
    propertyAddress: building.addressText,
    inviteLink: inviteLink(publicWebUrl, invite.token, invite.email),
    leaseEnd: tenant.leaseEndDate ?? tenant.metadata.lease_end ?? '',
  };
}
