import { Injectable } from '@nestjs/common';
import type { EntityClass, EntityManager } from '@mikro-orm/postgresql';
import { LOCATION_NOT_FOUND, LocationAccess, type AccessCaller, type LocationGrant } from '@pm/access';
import type { AccessRole, Permission } from '@pm/contracts';
import { PropertyLocation } from '../property-locations/property-location.entity.js';

/** A location the caller may reach, as the entity portfolio's use cases work on, and in which role. */
export interface PortfolioGrant {
  location: PropertyLocation;
  role: AccessRole;
}

/**
 * Portfolio's use cases decide access through @pm/access's LocationAccess, like every location-scoped service; this
 * only hands them the PropertyLocation entity of each grant, which portfolio alone owns. No decision is made here.
 */
@Injectable()
export class PortfolioAccess {
  constructor(private readonly access: LocationAccess) {}

  async grant(em: EntityManager, caller: AccessCaller, locationId: string): Promise<PortfolioGrant | null> {
    const grant = await this.access.grant(em, caller, locationId);
    return grant ? this.withLocation(em, grant) : null;
  }

  async require(em: EntityManager, caller: AccessCaller, locationId: string, permission: Permission, notFound = LOCATION_NOT_FOUND): Promise<PortfolioGrant> {
    return this.withLocation(em, await this.access.require(em, caller, locationId, permission, notFound));
  }

  async requireFor<T extends { propertyLocationId: string }>(
    em: EntityManager,
    caller: AccessCaller,
    row: T | null,
    permission: Permission,
    notFound: string,
  ): Promise<T & { grant: PortfolioGrant }> {
    const found = await this.access.requireFor(em, caller, row, permission, notFound);
    return Object.assign(found.row, { grant: await this.withLocation(em, found.grant) });
  }

  async requireRow<T extends { id: string; propertyLocationId: string }>(
    em: EntityManager,
    caller: AccessCaller,
    entity: EntityClass<T>,
    id: string | null | undefined,
    permission: Permission,
    notFound: string,
  ): Promise<T & { grant: PortfolioGrant }> {
    const found = await this.access.requireRow(em, caller, entity, id, permission, notFound);
    return Object.assign(found.row, { grant: await this.withLocation(em, found.grant) });
  }

  /** Every location the caller may reach: their account's own first, then those shared with them, oldest first. */
  async accessible(em: EntityManager, caller: AccessCaller): Promise<PortfolioGrant[]> {
    const grants = await this.access.accessible(em, caller);
    if (grants.length === 0) return [];
    const locations = new Map((await em.find(PropertyLocation, { id: { $in: grants.map((g) => g.locationId) } })).map((l) => [l.id, l]));
    return grants.flatMap((grant) => {
      const location = locations.get(grant.locationId);
      return location ? [{ location, role: grant.role }] : [];
    });
  }

  private async withLocation(em: EntityManager, grant: LocationGrant): Promise<PortfolioGrant> {
    // Portfolio changes the projection in the transaction that changes the location, so a grant always has its row.
    const location = await em.findOneOrFail(PropertyLocation, { id: grant.locationId });
    return { location, role: grant.role };
  }
}
