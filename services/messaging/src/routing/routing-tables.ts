import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';

/** The location a number of ours belongs to, as the copy of portfolio's phone-number events says. */
export interface NumberRoute {
  locationId: string;
  accountId: string;
  ownerUserId: string;
}

/** The tenant a sender's phone belongs to at a location. */
export interface KnownTenant {
  tenantId: string;
  fullName: string;
  buildingId: string | null;
  /** Known where the lookup reads it (by e-mail), for events that name the unit. */
  unitId?: string | null;
}

export interface TenantState {
  tenantId: string;
  locationId: string;
  accountId: string;
  buildingId: string | null;
  unitId: string | null;
  fullName: string;
  phoneNumbers: readonly string[];
  /** Lower-case. */
  emails: readonly string[];
  archived: boolean;
}

/**
 * Messaging's copies of the portfolio facts it routes inbound messages by: which location a number or an e-mail
 * address belongs to and which tenant a phone belongs to. Each event type has its own durable consumer, so the events of one number or
 * tenant may arrive in any order: a row keeps the id of the event it reflects (`stamp`, UUIDv7, time-ordered) and only
 * a later event overwrites it. Reading them needs no call to portfolio on the webhook's path.
 */
@Injectable()
export class RoutingTables {
  async assignNumber(em: EntityManager, phoneNumber: string, route: NumberRoute, stamp: string): Promise<void> {
    await this.saveNumber(em, phoneNumber, route, true, stamp);
  }

  async releaseNumber(em: EntityManager, phoneNumber: string, route: NumberRoute, stamp: string): Promise<void> {
    await this.saveNumber(em, phoneNumber, route, false, stamp);
  }

  async saveTenant(em: EntityManager, tenant: TenantState, stamp: string): Promise<void> {
    const t = table(em, 'tenant_directory');
    await em.execute(
      `insert into ${t} (tenant_id, location_id, account_id, building_id, unit_id, full_name, phone_numbers, emails, archived, deleted, stamp)
       values (?, ?, ?, ?, ?, ?, ?::text[], ?::text[], ?, false, ?)
       on conflict (tenant_id) do update
         set location_id = excluded.location_id, account_id = excluded.account_id, building_id = excluded.building_id,
             unit_id = excluded.unit_id, full_name = excluded.full_name, phone_numbers = excluded.phone_numbers,
             emails = excluded.emails, archived = excluded.archived, stamp = excluded.stamp
       where not ${t}.deleted and ${t}.stamp < excluded.stamp`,
      [
        tenant.tenantId,
        tenant.locationId,
        tenant.accountId,
        tenant.buildingId,
        tenant.unitId,
        tenant.fullName,
        pgArray(tenant.phoneNumbers),
        pgArray(tenant.emails),
        tenant.archived,
        stamp,
      ],
      'run',
    );
  }

  /** Final: portfolio never reuses a tenant id, so a late update must not bring the tenant back. */
  async deleteTenant(em: EntityManager, tenant: { tenantId: string; locationId: string; accountId: string }, stamp: string): Promise<void> {
    const t = table(em, 'tenant_directory');
    await em.execute(
      `insert into ${t} (tenant_id, location_id, account_id, building_id, unit_id, full_name, phone_numbers, archived, deleted, stamp)
       values (?, ?, ?, null, null, '', '{}', true, true, ?)
       on conflict (tenant_id) do update set phone_numbers = '{}', emails = '{}', full_name = '', deleted = true, stamp = excluded.stamp`,
      [tenant.tenantId, tenant.locationId, tenant.accountId, stamp],
      'run',
    );
  }

  /** A location's generated address (portfolio never gives one address to two locations; a later event wins). */
  async saveEmailAddress(em: EntityManager, email: string, route: NumberRoute, stamp: string): Promise<void> {
    const t = table(em, 'location_email_address');
    await em.execute(
      `insert into ${t} (email, location_id, account_id, owner_user_id, stamp) values (lower(?), ?, ?, ?, ?)
       on conflict (email) do update
         set location_id = excluded.location_id, account_id = excluded.account_id, owner_user_id = excluded.owner_user_id, stamp = excluded.stamp
       where ${t}.stamp < excluded.stamp`,
      [email, route.locationId, route.accountId, route.ownerUserId, stamp],
      'run',
    );
  }

  /** The location an address of ours belongs to (the local part and domain compared without letter case). */
  async routeOfEmail(em: EntityManager, email: string): Promise<NumberRoute | null> {
    const rows = await em.execute<{ location_id: string; account_id: string; owner_user_id: string }[]>(
      `select location_id, account_id, owner_user_id from ${table(em, 'location_email_address')} where email = lower(?)`,
      [email],
    );
    const row = rows[0];
    return row ? { locationId: row.location_id, accountId: row.account_id, ownerUserId: row.owner_user_id } : null;
  }

  async routeOf(em: EntityManager, phoneNumber: string): Promise<NumberRoute | null> {
    const rows = await em.execute<{ location_id: string; account_id: string; owner_user_id: string }[]>(
      `select location_id, account_id, owner_user_id from ${table(em, 'location_phone_number')} where phone_number = ? and assigned`,
      [phoneNumber],
    );
    const row = rows[0];
    return row ? { locationId: row.location_id, accountId: row.account_id, ownerUserId: row.owner_user_id } : null;
  }

  /** The location's tenant with this phone: a current tenant before a past one, the most recently changed first. */
  async tenantByPhone(em: EntityManager, locationId: string, phoneNumber: string): Promise<KnownTenant | null> {
    const rows = await em.execute<{ tenant_id: string; full_name: string; building_id: string | null }[]>(tenantByPhoneSql(em, '?'), [phoneNumber, locationId]);
    const row = rows[0];
    return row ? { tenantId: row.tenant_id, fullName: row.full_name, buildingId: row.building_id } : null;
  }

  /** The location's tenant with this e-mail address (any letter case): a current tenant first, the most recently changed. */
  async tenantByEmail(em: EntityManager, locationId: string, email: string): Promise<KnownTenant | null> {
    const rows = await em.execute<{ tenant_id: string; full_name: string; building_id: string | null; unit_id: string | null }[]>(
      `select tenant_id, full_name, building_id, unit_id from ${table(em, 'tenant_directory')}
       where emails @> array[lower(?)]::text[] and location_id = ? and not deleted
       order by archived asc, stamp desc limit 1`,
      [email, locationId],
    );
    const row = rows[0];
    return row ? { tenantId: row.tenant_id, fullName: row.full_name, buildingId: row.building_id, unitId: row.unit_id } : null;
  }

  private async saveNumber(em: EntityManager, phoneNumber: string, route: NumberRoute, assigned: boolean, stamp: string): Promise<void> {
    const t = table(em, 'location_phone_number');
    await em.execute(
      `insert into ${t} (phone_number, location_id, account_id, owner_user_id, assigned, stamp) values (?, ?, ?, ?, ?, ?)
       on conflict (phone_number) do update
         set location_id = excluded.location_id, account_id = excluded.account_id, owner_user_id = excluded.owner_user_id,
             assigned = excluded.assigned, stamp = excluded.stamp
       where ${t}.stamp < excluded.stamp`,
      [phoneNumber, route.locationId, route.accountId, route.ownerUserId, assigned, stamp],
      'run',
    );
  }
}

/**
 * The query of `tenantByPhone` (the phone as `phoneSql`, then the location as `locationSql`: each a parameter or a
 * column of an enclosing query), for a statement that finds the route and the tenant in one round trip.
 */
export function tenantByPhoneSql(em: EntityManager, locationSql: string, phoneSql = '?::text'): string {
  return `select tenant_id, full_name, building_id from ${table(em, 'tenant_directory')}
       where phone_numbers @> array[${phoneSql}] and location_id = ${locationSql} and not deleted
       order by archived asc, stamp desc limit 1`;
}

export function table(em: EntityManager, name: string): string {
  return `"${em.config.get('schema') ?? 'messaging'}"."${name}"`;
}

/** A PostgreSQL text[] literal; the values are E.164 numbers and e-mail addresses, validated by the event contracts. */
export function pgArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
}
