import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { table } from '../payments-tables.js';
import { entryProblem, type LedgerEntry } from './ledger.js';


/**
 * The ledger's entries in PostgreSQL, append-only (see the migration's trigger). `append` writes each entry once by
 * its id: the same entry again (a webhook redelivered, a schedule run twice) changes nothing, and the first recorded
 * is the one kept, as `Ledger.of` counts it. Runs in the caller's transaction.
 */
@Injectable()
export class LedgerStore {
  /** Appends the entries of one unit; an entry the ledger's rules refuse is an error, and nothing of the call is kept. */
  async append(em: EntityManager, unitId: string, entries: readonly LedgerEntry[]): Promise<number> {
    return (await this.appendNew(em, unitId, entries)).length;
  }

  /** `append`, answering the entries that were new (not already in the ledger by their id). */
  async appendNew(em: EntityManager, unitId: string, entries: readonly LedgerEntry[]): Promise<LedgerEntry[]> {
    const added: LedgerEntry[] = [];
    for (const entry of entries) {
      const problem = entryProblem(entry);
      if (problem) throw new RangeError(`ledger entry ${entry.id}: ${problem}`);
      const inserted = await em.execute<{ id: string }[]>(
        `insert into ${table(em, 'ledger_entry')} (id, unit_id, type, entry, posted_at) values (?, ?, ?, ?::jsonb, ?)
         on conflict (id) do nothing returning id`,
        [entry.id, unitId, entry.type, JSON.stringify(entry), entry.postedAt],
        'all',
      );
      if (inserted.length > 0) added.push(entry);
    }
    return added;
  }

  /**
   * Every entry of every unit of a location (the units payments' directory places there), in one query: unit id → its
   * entries in the order `entriesOf` reads them. For the location's rent roll and monthly total, which read one
   * ledger per unit (a query per unit took seconds for a location of thousands).
   */
  async entriesOfLocation(em: EntityManager, locationId: string): Promise<Map<string, LedgerEntry[]>> {
    const rows = await em.execute<{ unit_id: string; entry: LedgerEntry }[]>(
      `select e.unit_id, e.entry from ${table(em, 'ledger_entry')} e join ${table(em, 'unit_directory')} u on u.unit_id = e.unit_id
        where u.location_id = ? order by e.unit_id, e.recorded_at, e.id`,
      [locationId],
      'all',
    );
    return byUnit(rows);
  }

  /**
   * What a month's collected rent is made of, for every unit of a location, in one query: the payments dated in the
   * month (`period`, YYYY-MM) and the entries about them (settled, returned, refunds). A payment's status and what it
   * still counts are derived from those alone (`Ledger`), so `collectedIn` over them gives what it gives over the whole
   * ledger, without reading and deriving every unit's whole history (seconds for a location of thousands of units).
   */
  async monthPaymentsOfLocation(em: EntityManager, locationId: string, period: string): Promise<Map<string, LedgerEntry[]>> {
    const entries = table(em, 'ledger_entry');
    const rows = await em.execute<{ unit_id: string; entry: LedgerEntry }[]>(
      `with paid as (
         select e.unit_id, e.id, e.entry, e.recorded_at from ${entries} e join ${table(em, 'unit_directory')} u on u.unit_id = e.unit_id
          where u.location_id = ? and e.type = 'payment' and e.entry->>'paidOn' like ?
       )
       select unit_id, entry from (
         select unit_id, id, entry, recorded_at from paid
         union all
         select e.unit_id, e.id, e.entry, e.recorded_at from ${entries} e join paid p on p.unit_id = e.unit_id and e.entry->>'paymentId' = p.id
       ) month order by unit_id, recorded_at, id`,
      [locationId, `${period}-%`],
      'all',
    );
    return byUnit(rows);
  }

  /** Every entry of a unit, in the order they were recorded (the ledger's derivations do not depend on it). */
  async entriesOf(em: EntityManager, unitId: string): Promise<LedgerEntry[]> {
    const rows = await em.execute<{ entry: LedgerEntry }[]>(`select entry from ${table(em, 'ledger_entry')} where unit_id = ? order by recorded_at, id`, [unitId], 'all');
    return rows.map((row) => row.entry);
  }
}

/** Rows of several units' entries, in order, as unit id → its entries. */
function byUnit(rows: readonly { unit_id: string; entry: LedgerEntry }[]): Map<string, LedgerEntry[]> {
  const units = new Map<string, LedgerEntry[]>();
  for (const row of rows) {
    const entries = units.get(row.unit_id);
    if (entries) entries.push(row.entry);
    else units.set(row.unit_id, [row.entry]);
  }
  return units;
}
