import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AccessRole } from '@pm/contracts';
import { pgArray, table } from '../documents/vault-tables.js';

export interface DirectoryBuilding {
  building_id: string;
  location_id: string;
  name: string;
}
export interface DirectoryUnit {
  unit_id: string;
  building_id: string;
  location_id: string;
  name: string;
}
export interface DirectoryTenant {
  tenant_id: string;
  unit_id: string;
  building_id: string;
  location_id: string;
  full_name: string;
  archived: boolean;
}
export interface DirectoryContact {
  contact_id: string;
  account_id: string;
  full_name: string;
  location_ids: string[];
}
export interface DirectoryPartner {
  partner_id: string;
  user_id: string | null;
  full_name: string;
  email: string;
  role: AccessRole;
  location_ids: string[];
}

/** Partner roles shown as a location's property managers when tagging (those who run the property). */
export const MANAGING_ROLES: readonly AccessRole[] = ['ADMIN', 'MANAGER'];

/**
 * The vault's copies of portfolio's buildings, units, tenants, partners and contacts. Each row keeps the id (UUIDv7, time
 * ordered) of the event it reflects and only a later event overwrites it, so events arriving out of order (a
 * redelivery, two consumers) settle to the latest state. Read in the caller's transaction: no call to portfolio.
 */
@Injectable()
export class DirectoryRepository {
  async saveBuilding(em: EntityManager, b: { buildingId: string; accountId: string; locationId: string; name?: string | undefined }, stamp: string): Promise<void> {
    const t = table(em, 'building_directory');
    await em.execute(
      `insert into ${t} (building_id, account_id, location_id, name, stamp) values (?, ?, ?, ?, ?)
       on conflict (building_id) do update set account_id = excluded.account_id, location_id = excluded.location_id, name = excluded.name, stamp = excluded.stamp
       where ${t}.stamp < excluded.stamp`,
      [b.buildingId, b.accountId, b.locationId, b.name ?? '', stamp],
      'run',
    );
  }

  async saveUnit(em: EntityManager, u: { unitId: string; buildingId: string; accountId: string; locationId: string; name?: string | undefined }, stamp: string): Promise<void> {
    const t = table(em, 'unit_directory');
    await em.execute(
      `insert into ${t} (unit_id, building_id, account_id, location_id, name, stamp) values (?, ?, ?, ?, ?, ?)
       on conflict (unit_id) do update set building_id = excluded.building_id, account_id = excluded.account_id, location_id = excluded.location_id, name = excluded.name, stamp = excluded.stamp
       where ${t}.stamp < excluded.stamp`,
      [u.unitId, u.buildingId, u.accountId, u.locationId, u.name ?? '', stamp],
      'run',
    );
  }

  async saveTenant(
    em: EntityManager,
    tenant: { tenantId: string; unitId: string; buildingId: string; accountId: string; locationId: string; fullName?: string | undefined; archived?: boolean; deleted?: boolean },
    stamp: string,
  ): Promise<void> {
    const t = table(em, 'tenant_directory');
    // A deletion carries no name: the name known stays.
    await em.execute(
      `insert into ${t} (tenant_id, unit_id, building_id, account_id, location_id, full_name, archived, deleted, stamp) values (?, ?, ?, ?, ?, ?, ?, ?, ?)
       on conflict (tenant_id) do update set unit_id = excluded.unit_id, building_id = excluded.building_id, account_id = excluded.account_id,
         location_id = excluded.location_id, full_name = case when ? then ${t}.full_name else excluded.full_name end,
         archived = excluded.archived, deleted = excluded.deleted, stamp = excluded.stamp
       where ${t}.stamp < excluded.stamp`,
      [tenant.tenantId, tenant.unitId, tenant.buildingId, tenant.accountId, tenant.locationId, tenant.fullName ?? '', tenant.archived ?? false, tenant.deleted ?? false, stamp, tenant.fullName === undefined],
      'run',
    );
  }

  async savePartner(em: EntityManager, p: { partnerId: string; accountId: string; userId: string | null; fullName: string; email: string; role: AccessRole; locationIds: readonly string[] }, stamp: string): Promise<void> {
    const t = table(em, 'partner_directory');
    await em.execute(
      `insert into ${t} (partner_id, account_id, user_id, full_name, email, role, location_ids, stamp) values (?, ?, ?, ?, ?, ?, ?::text[], ?)
       on conflict (partner_id) do update set account_id = excluded.account_id, user_id = excluded.user_id, full_name = excluded.full_name,
         email = excluded.email, role = excluded.role, location_ids = excluded.location_ids, stamp = excluded.stamp
       where ${t}.stamp < excluded.stamp`,
      [p.partnerId, p.accountId, p.userId, p.fullName, p.email, p.role, pgArray(p.locationIds), stamp],
      'run',
    );
  }

  async saveContact(em: EntityManager, c: { contactId: string; accountId: string; name: string; locationIds: readonly string[] }, stamp: string): Promise<void> {
    const t = table(em, 'contact_directory');
    await em.execute(
      `insert into ${t} (contact_id, account_id, full_name, location_ids, stamp) values (?, ?, ?, ?::text[], ?)
       on conflict (contact_id) do update set account_id = excluded.account_id, full_name = excluded.full_name, location_ids = excluded.location_ids, stamp = excluded.stamp
       where ${t}.stamp < excluded.stamp`,
      [c.contactId, c.accountId, c.name, pgArray(c.locationIds), stamp],
      'run',
    );
  }

  /** A contact that belongs to this location now (a deleted one belongs to none). */
  async contactAt(em: EntityManager, id: string, locationId: string): Promise<DirectoryContact | null> {
    const [row] = await em.execute<DirectoryContact[]>(
      `select contact_id, account_id, full_name, location_ids from ${table(em, 'contact_directory')} where contact_id = ? and location_ids @> ?::text[]`,
      [id, pgArray([locationId])],
    );
    return row ?? null;
  }

  async building(em: EntityManager, id: string): Promise<DirectoryBuilding | null> {
    const [row] = await em.execute<DirectoryBuilding[]>(`select building_id, location_id, name from ${table(em, 'building_directory')} where building_id = ?`, [id]);
    return row ?? null;
  }

  async unit(em: EntityManager, id: string): Promise<DirectoryUnit | null> {
    const [row] = await em.execute<DirectoryUnit[]>(`select unit_id, building_id, location_id, name from ${table(em, 'unit_directory')} where unit_id = ?`, [id]);
    return row ?? null;
  }

  /** The tenant's row whatever its state (a deletion keeps what was known). */
  async tenantAnyState(em: EntityManager, id: string): Promise<DirectoryTenant | null> {
    const [row] = await em.execute<DirectoryTenant[]>(`select tenant_id, unit_id, building_id, location_id, full_name, archived from ${table(em, 'tenant_directory')} where tenant_id = ?`, [id]);
    return row ?? null;
  }

  /** A tenant that was not deleted (an archived one is a past tenant, still there). */
  async tenant(em: EntityManager, id: string): Promise<DirectoryTenant | null> {
    const [row] = await em.execute<DirectoryTenant[]>(
      `select tenant_id, unit_id, building_id, location_id, full_name, archived from ${table(em, 'tenant_directory')} where tenant_id = ? and not deleted`,
      [id],
    );
    return row ?? null;
  }

  /** A partner of the account with a managing role, and the locations they are on. */
  async manager(em: EntityManager, id: string): Promise<DirectoryPartner | null> {
    const [row] = await em.execute<DirectoryPartner[]>(
      `select partner_id, user_id, full_name, email, role, location_ids from ${table(em, 'partner_directory')} where partner_id = ? and role = any(?::text[])`,
      [id, pgArray(MANAGING_ROLES)],
    );
    return row ?? null;
  }

  async buildingsOf(em: EntityManager, locationIds: readonly string[]): Promise<DirectoryBuilding[]> {
    return em.execute<DirectoryBuilding[]>(
      `select building_id, location_id, name from ${table(em, 'building_directory')} where location_id = any(?::text[]) order by lower(name), building_id`,
      [pgArray(locationIds)],
    );
  }

  async unitsOf(em: EntityManager, filter: { locationIds: readonly string[]; buildingIds?: readonly string[] }): Promise<DirectoryUnit[]> {
    return em.execute<DirectoryUnit[]>(
      `select unit_id, building_id, location_id, name from ${table(em, 'unit_directory')}
        where location_id = any(?::text[]) ${filter.buildingIds ? 'and building_id = any(?::text[])' : ''} order by lower(name), unit_id`,
      [pgArray(filter.locationIds), ...(filter.buildingIds ? [pgArray(filter.buildingIds)] : [])],
    );
  }

  async tenantsOf(em: EntityManager, filter: { locationIds: readonly string[]; buildingIds?: readonly string[]; unitIds?: readonly string[] }): Promise<DirectoryTenant[]> {
    return em.execute<DirectoryTenant[]>(
      `select tenant_id, unit_id, building_id, location_id, full_name, archived from ${table(em, 'tenant_directory')}
        where not deleted and location_id = any(?::text[])
          ${filter.buildingIds ? 'and building_id = any(?::text[])' : ''} ${filter.unitIds ? 'and unit_id = any(?::text[])' : ''}
        order by archived, lower(full_name), tenant_id`,
      [pgArray(filter.locationIds), ...(filter.buildingIds ? [pgArray(filter.buildingIds)] : []), ...(filter.unitIds ? [pgArray(filter.unitIds)] : [])],
    );
  }

  async managersOf(em: EntityManager, locationIds: readonly string[]): Promise<DirectoryPartner[]> {
    return em.execute<DirectoryPartner[]>(
      `select partner_id, user_id, full_name, email, role, location_ids from ${table(em, 'partner_directory')}
        where location_ids && ?::text[] and role = any(?::text[]) order by lower(full_name), partner_id`,
      [pgArray(locationIds), pgArray(MANAGING_ROLES)],
    );
  }
}
