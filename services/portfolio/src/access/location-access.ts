import { Injectable } from '@nestjs/common';
import type { EntityClass, EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import { RpcFailure } from '@pm/messaging';
import type { Caller } from '../accounts/caller.js';
import { Partner, PartnerLocation } from '../partners/partner.entity.js';
import { PropertyLocation } from '../property-locations/property-location.entity.js';
import { can, type AccessRole, type Permission } from './permissions.js';

export const LOCATION_NOT_FOUND = 'Property location not found';
export const FORBIDDEN = 'You do not have permission to do this';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(id: string | null | undefined): id is string {
  return typeof id === 'string' && uuid.test(id);
}

/** A location the caller may reach, and in which role. */
export interface LocationGrant {
  location: PropertyLocation;
  role: AccessRole;
}

/**
 * The one place that decides whether a caller may touch a location, used by every portfolio use case:
 * - no access at all (another account's location, an unknown id, a malformed id) → 404 with the resource's own
 *   "not found" message, so nothing tells the caller the thing exists;
 * - access in a role that lacks the permission → 403.
 * Resources below a location (buildings, units, tenants, ...) carry their location id and go through `requireFor`.
 */
@Injectable()
export class LocationAccess {
  /** The caller's role on a location, or null when they have none. */
  async grant(em: EntityManager, caller: Caller, locationId: string): Promise<LocationGrant | null> {
    if (!isUuid(locationId)) return null;
    const location = await em.findOne(PropertyLocation, { id: locationId });
    if (!location) return null;
    if (location.accountId === caller.accountId) return { location, role: 'OWNER' };
    const role = await this.partnerRole(em, caller, location);
    return role ? { location, role } : null;
  }

  async require(em: EntityManager, caller: Caller, locationId: string, permission: Permission, notFound = LOCATION_NOT_FOUND): Promise<LocationGrant> {
    const grant = await this.grant(em, caller, locationId);
    if (!grant) throw RpcFailure.notFound(notFound);
    if (!can(grant.role, permission)) throw RpcFailure.forbidden(FORBIDDEN);
    return grant;
  }

  /**
   * For a row found by id (null when there is none): 404 with `notFound` when it does not exist or its location is
   * out of the caller's reach, 403 when the caller's role lacks `permission`.
   */
  async requireFor<T extends { propertyLocationId: string }>(
    em: EntityManager,
    caller: Caller,
    row: T | null,
    permission: Permission,
    notFound: string,
  ): Promise<T & { grant: LocationGrant }> {
    if (!row) throw RpcFailure.notFound(notFound);
    const grant = await this.require(em, caller, row.propertyLocationId, permission, notFound);
    return Object.assign(row, { grant });
  }

  /**
   * A row below a location (building, unit, tenant, ...) by id: a malformed id, an unknown one and one out of the
   * caller's reach all answer 404 with `notFound`; a role without `permission` answers 403.
   */
  async requireRow<T extends { id: string; propertyLocationId: string }>(
    em: EntityManager,
    caller: Caller,
    entity: EntityClass<T>,
    id: string | null | undefined,
    permission: Permission,
    notFound: string,
  ): Promise<T & { grant: LocationGrant }> {
    const row = isUuid(id) ? await em.findOne(entity, { id } as FilterQuery<T>) : null;
    return this.requireFor(em, caller, row as T | null, permission, notFound);
  }

  /** Every location the caller may reach: their account's own first, then those shared with them, oldest first. */
  async accessible(em: EntityManager, caller: Caller): Promise<LocationGrant[]> {
    const owned = await em.find(PropertyLocation, { accountId: caller.accountId }, { orderBy: { id: 'asc' } });
    const partners = await em.find(Partner, { userId: caller.userId, accountId: { $ne: caller.accountId } });
    if (partners.length === 0) return owned.map((location) => ({ location, role: 'OWNER' as const }));
    const roleByPartner = new Map(partners.map((partner) => [partner.id, partner.role]));
    const links = await em.find(PartnerLocation, { partnerId: { $in: [...roleByPartner.keys()] } });
    const roleByLocation = new Map(links.map((link) => [link.locationId, roleByPartner.get(link.partnerId)!]));
    const shared = roleByLocation.size
      ? await em.find(PropertyLocation, { id: { $in: [...roleByLocation.keys()] } }, { orderBy: { id: 'asc' } })
      : [];
    return [
      ...owned.map((location) => ({ location, role: 'OWNER' as const })),
      ...shared.map((location) => ({ location, role: roleByLocation.get(location.id)! })),
    ];
  }

  private async partnerRole(em: EntityManager, caller: Caller, location: PropertyLocation): Promise<AccessRole | null> {
    const partner = await em.findOne(Partner, { accountId: location.accountId, userId: caller.userId });
    if (!partner) return null;
    const link = await em.findOne(PartnerLocation, { partnerId: partner.id, locationId: location.id });
    return link ? partner.role : null;
  }
}
