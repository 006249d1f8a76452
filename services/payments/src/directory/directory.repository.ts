import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { timeZoneOfUsAddress } from '@pm/geo/time-zones';
import { table } from '../payments-tables.js';

/** A unit as payments knows it, with its location's time zone (every date of its ledger is read in it). */
export interface UnitPlace {
  unitId: string;
  unitName: string;
  buildingId: string;
  buildingName: string;
  locationId: string;
  accountId: string;
  timeZone: string;
}

export interface LocationPlace {
  locationId: string;
  accountId: string;
  name: string;
  timeZone: string;
}

export interface TenantContact {
  tenantId: string;
  fullName: string;
  emails: string[];
  phones: string[];
}

/**
 * Payments' copy of portfolio's locations, buildings, units and tenants, written by the directory consumer. A row is
 * replaced only by a later event (`stamp`, the event's UUIDv7 id), so redelivered or reordered events leave the newest.
 */
@Injectable()
export class DirectoryRepository {
  async saveLocation(em: EntityManager, l: { locationId: string; accountId: string; name: string; addressText: string }, stamp: string): Promise<void> {
    const t = table(em, 'location_directory');
    await em.execute(
      `insert into ${t} (location_id, account_id, name, time_zone, stamp) values (?, ?, ?, ?, ?)
       on conflict (location_id) do update set account_id = excluded.account_id, name = excluded.name, time_zone = excluded.time_zone, stamp = excluded.stamp
       where ${t}.stamp < excluded.stamp`,
      [l.locationId, l.accountId, l.name, timeZoneOfUsAddress(l.addressText), stamp],
      'run',
    );
  }

  async saveBuilding(em: EntityManager, b: { buildingId: string; accountId: string; locationId: string; name?: string | undefined }, stamp: string): Promise<void> {
    const t = table(em, 'building_directory');
    await em.execute(
      `insert into ${t} (building_id, location_id, account_id, name, stamp) values (?, ?, ?, ?, ?)
       on conflict (building_id) do update set location_id = excluded.location_id, account_id = excluded.account_id, name = excluded.name, stamp = excluded.stamp
       where ${t}.stamp < excluded.stamp`,
      [b.buildingId, b.locationId, b.accountId, b.name ?? '', stamp],
      'run',
    );
  }

  async saveUnit(em: EntityManager, u: { unitId: string; buildingId: string; accountId: string; locationId: string; name?: string | undefined }, stamp: string): Promise<void> {
    const t = table(em, 'unit_directory');
    await em.execute(
      `insert into ${t} (unit_id, building_id, location_id, account_id, name, stamp) values (?, ?, ?, ?, ?, ?)
       on conflict (unit_id) do update set building_id = excluded.building_id, location_id = excluded.location_id, account_id = excluded.account_id, name = excluded.name, stamp = excluded.stamp
       where ${t}.stamp < excluded.stamp`,
      [u.unitId, u.buildingId, u.locationId, u.accountId, u.name ?? '', stamp],
      'run',
    );
  }

  async saveTenant(
    em: EntityManager,
    tenant: { tenantId: string; unitId: string; accountId: string; locationId: string; fullName: string; emails: readonly string[]; phones: readonly string[]; archived: boolean; deleted: boolean },
    stamp: string,
  ): Promise<void> {
    const t = table(em, 'tenant_directory');
    await em.execute(
      `insert into ${t} (tenant_id, unit_id, location_id, account_id, full_name, emails, phones, archived, deleted, stamp) values (?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, ?, ?, ?)
       on conflict (tenant_id) do update set unit_id = excluded.unit_id, location_id = excluded.location_id, account_id = excluded.account_id,
         full_name = excluded.full_name, emails = excluded.emails, phones = excluded.phones, archived = excluded.archived, deleted = excluded.deleted, stamp = excluded.stamp
       where ${t}.stamp < excluded.stamp`,
      [tenant.tenantId, tenant.unitId, tenant.locationId, tenant.accountId, tenant.fullName, JSON.stringify(tenant.emails), JSON.stringify(tenant.phones), tenant.archived, tenant.deleted, stamp],
      'run',
    );
  }

  /** The tenant as last known (a deletion names no unit or name: the known ones are kept). */
  async tenant(em: EntityManager, tenantId: string): Promise<{ unit_id: string; full_name: string; emails: string[]; phones: string[]; archived: boolean } | null> {
    const [row] = await em.execute<{ unit_id: string; full_name: string; emails: string[]; phones: string[]; archived: boolean }[]>(
      `select unit_id, full_name, emails, phones, archived from ${table(em, 'tenant_directory')} where tenant_id = ?`,
      [tenantId],
      'all',
    );
    return row ?? null;
  }

  async unit(em: EntityManager, unitId: string): Promise<UnitPlace | null> {
    const [place] = await this.places(em, 'u.unit_id = ?', unitId);
    return place ?? null;
  }

  async location(em: EntityManager, locationId: string): Promise<LocationPlace | null> {
    const [row] = await em.execute<{ location_id: string; account_id: string; name: string; time_zone: string }[]>(
      `select location_id, account_id, name, time_zone from ${table(em, 'location_directory')} where location_id = ?`,
      [locationId],
      'all',
    );
    return row ? { locationId: row.location_id, accountId: row.account_id, name: row.name, timeZone: row.time_zone } : null;
  }

  async unitsOf(em: EntityManager, locationId: string): Promise<UnitPlace[]> {
    return this.places(em, 'u.location_id = ?', locationId);
  }

  /** Units with their building's name and their location's time zone, by building and unit name. */
  private async places(em: EntityManager, where: 'u.unit_id = ?' | 'u.location_id = ?', id: string): Promise<UnitPlace[]> {
    const rows = await em.execute<{ unit_id: string; unit_name: string; building_id: string; building_name: string | null; location_id: string; account_id: string; time_zone: string | null }[]>(
      `select u.unit_id, u.name as unit_name, u.building_id, b.name as building_name, u.location_id, u.account_id, l.time_zone
         from ${table(em, 'unit_directory')} u
         left join ${table(em, 'building_directory')} b on b.building_id = u.building_id
         left join ${table(em, 'location_directory')} l on l.location_id = u.location_id
        where ${where}
        order by b.name, u.name, u.unit_id`,
      [id],
      'all',
    );
    return rows.map((row) => ({
      unitId: row.unit_id,
      unitName: row.unit_name,
      buildingId: row.building_id,
      buildingName: row.building_name ?? '',
      locationId: row.location_id,
      accountId: row.account_id,
      // A unit whose location event has not arrived yet reads its dates in the zone a US address without a state gets.
      timeZone: row.time_zone ?? timeZoneOfUsAddress(null),
    }));
  }

  /** The unit's current tenants (not archived, not deleted), the first added first: who a payment link is for. */
  async tenantsOf(em: EntityManager, unitId: string): Promise<TenantContact[]> {
    const rows = await em.execute<{ tenant_id: string; full_name: string; emails: string[]; phones: string[] }[]>(
      `select tenant_id, full_name, emails, phones from ${table(em, 'tenant_directory')} where unit_id = ? and not archived and not deleted order by tenant_id`,
      [unitId],
      'all',
    );
    return rows.map((row) => ({ tenantId: row.tenant_id, fullName: row.full_name, emails: row.emails, phones: row.phones }));
  }
}
