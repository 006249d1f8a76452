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
    const byUnit = new Map<string, LedgerEntry[]>();
    for (const row of rows) {
      const entries = byUnit.get(row.unit_id);
      if (entries) entries.push(row.entry);
      else byUnit.set(row.unit_id, [row.entry]);
    }
    return byUnit;
  }

  /** Every entry of a unit, in the order they were recorded (the ledger's derivations do not depend on it). */
  async entriesOf(em: EntityManager, unitId: string): Promise<LedgerEntry[]> {
    const rows = await em.execute<{ entry: LedgerEntry }[]>(`select entry from ${table(em, 'ledger_entry')} where unit_id = ? order by recorded_at, id`, [unitId], 'all');
    return rows.map((row) => row.entry);
  }
}
