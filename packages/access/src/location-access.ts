import { Injectable } from '@nestjs/common';
import type { EntityClass, EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import { ACCESS_FORBIDDEN, can, type AccessRole, type Permission } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { GrantCache } from './grants/grant-cache.js';
import { grantTables } from './grants/grant-tables.js';

export const LOCATION_NOT_FOUND = 'Property location not found';
/** The access rule's 403, worded once in the contracts (which document it on every location-scoped call). */
export const FORBIDDEN = ACCESS_FORBIDDEN;

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(id: string | null | undefined): id is string {
  return typeof id === 'string' && uuid.test(id);
}

/** Who asks, as far as access goes: the verified user and the account they act for (today the same id). */
export interface AccessCaller {
  userId: string;
  accountId: string;
}

/** A location the caller may reach, the account it belongs to, and the caller's role on it. */
export interface LocationGrant {
  locationId: string;
  accountId: string;
  role: AccessRole;
}

/**
 * The one rule that decides whether a caller may touch a location, for every location-scoped service, read from the
 * service's own grants projection (see GrantsProjection):
 * - no access at all (another account's location, an unknown id, a malformed id) → 404 with the resource's own
 *   "not found" message, so nothing tells the caller the thing exists;
 * - access in a role that lacks the permission → 403.
 * Queries go through `em.execute`, so they run in the caller's transaction and see grants applied earlier in it; a
 * grant found lately is answered from the process's GrantCache without a query.
 */
@Injectable()
export class LocationAccess {
  constructor(private readonly cache: GrantCache) {}

  /** The caller's role on a location, or null when they have none. */
  async grant(em: EntityManager, caller: AccessCaller, locationId: string | null | undefined): Promise<LocationGrant | null> {
    if (!isUuid(locationId)) return null;
    const id = locationId.toLowerCase();
    const remembered = this.cache.lookup(em, caller, id);
    if (remembered) return remembered;
    const mark = this.cache.mark();
    const t = grantTables(em);
    // The owning account first; otherwise a partner of that same account, linked to the location, who is this user.
    const rows = await em.execute<{ account_id: string; role: AccessRole | null }[]>(
      `select l.account_id,
              case when l.account_id = ? then 'OWNER' else (
                select p.role from ${t.partner} p
                join ${t.partnerLocation} pl on pl.partner_id = p.partner_id
                where pl.location_id = l.location_id and pl.granted and p.user_id = ? and p.account_id = l.account_id
                order by p.partner_id limit 1
              ) end as role
         from ${t.location} l where l.location_id = ?`,
      [caller.accountId, caller.userId, id],
    );
    const row = rows[0];
    if (!row?.role) return null;
    const grant: LocationGrant = { locationId: id, accountId: row.account_id, role: row.role };
    this.cache.remember(em, caller, id, grant, mark);
    return grant;
  }

  async require(em: EntityManager, caller: AccessCaller, locationId: string | null | undefined, permission: Permission, notFound = LOCATION_NOT_FOUND): Promise<LocationGrant> {
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
    caller: AccessCaller,
    row: T | null,
    permission: Permission,
    notFound: string,
  ): Promise<{ row: T; grant: LocationGrant }> {
    if (!row) throw RpcFailure.notFound(notFound);
    const grant = await this.require(em, caller, row.propertyLocationId, permission, notFound);
    return { row, grant };
  }

  /**
   * A row below a location (building, unit, tenant, document, ...) by id: a malformed id, an unknown one and one out
   * of the caller's reach all answer 404 with `notFound`; a role without `permission` answers 403.
   */
  async requireRow<T extends { id: string; propertyLocationId: string }>(
    em: EntityManager,
    caller: AccessCaller,
    entity: EntityClass<T>,
    id: string | null | undefined,
    permission: Permission,
    notFound: string,
  ): Promise<{ row: T; grant: LocationGrant }> {
    const row = isUuid(id) ? await em.findOne(entity, { id } as FilterQuery<T>) : null;
    return this.requireFor(em, caller, row as T | null, permission, notFound);
  }

  /** Every location the caller may reach: their account's own first, then those shared with them, each oldest first. */
  async accessible(em: EntityManager, caller: AccessCaller): Promise<LocationGrant[]> {
    const reachable = this.reachable(em, caller);
    const rows = await em.execute<{ location_id: string; account_id: string; role: AccessRole }[]>(
      `select location_id, account_id, role from (${reachable.sql}) reachable order by shared, location_id`,
      reachable.params,
    );
    return rows.map((row) => ({ locationId: row.location_id, accountId: row.account_id, role: row.role }));
  }

  /**
   * The caller's reachable locations as a subquery, for a service that joins its own rows to them in one round trip
   * instead of asking `accessible` first: columns `location_id` (text), `account_id`, `role`, and `shared` (0 for the
   * caller's own account's locations, 1 for those shared with them; `order by shared, location_id` is accessible's
   * order). `params` are its placeholders' values, in order.
   */
  reachable(em: EntityManager, caller: AccessCaller): { sql: string; params: string[] } {
    const t = grantTables(em);
    return {
      sql: `select location_id, account_id, 'OWNER' as role, 0 as shared from ${t.location} where account_id = ?
         union all
         (select distinct on (l.location_id) l.location_id, l.account_id, p.role, 1 as shared
            from ${t.partner} p
            join ${t.partnerLocation} pl on pl.partner_id = p.partner_id and pl.granted
            join ${t.location} l on l.location_id = pl.location_id and l.account_id = p.account_id
           where p.user_id = ? and p.account_id <> ?
           order by l.location_id, p.partner_id)`,
      params: [caller.accountId, caller.userId, caller.accountId],
    };
  }
}
