import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { table } from './routing-tables.js';

/**
 * Messaging's copy of each location's name (what a caller hears in the greeting), from portfolio's location events.
 * A row keeps the id of the event it reflects (`stamp`, UUIDv7) and only a later event overwrites it.
 */
@Injectable()
export class LocationNames {
  async save(em: EntityManager, locationId: string, name: string, stamp: string): Promise<void> {
    const t = table(em, 'location_name');
    await em.execute(
      `insert into ${t} (location_id, name, stamp) values (?, ?, ?)
       on conflict (location_id) do update set name = excluded.name, stamp = excluded.stamp where ${t}.stamp < excluded.stamp`,
      [locationId, name, stamp],
      'run',
    );
  }

  async nameOf(em: EntityManager, locationId: string): Promise<string | null> {
    const [row] = await em.execute<{ name: string }[]>(`select name from ${table(em, 'location_name')} where location_id = ?`, [locationId]);
    return row?.name ?? null;
  }
}
