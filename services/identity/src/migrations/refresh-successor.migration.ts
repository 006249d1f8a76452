import { Migration } from '@mikro-orm/migrations';

/**
 * A spent refresh token remembers the one it was exchanged for: `successor_id`, and the successor's raw value sealed
 * with a key derived from the spent token itself (see sessions/successor-seal.ts). Only someone presenting the spent
 * token can open it, so the database still holds no usable refresh token; it lets a token presented again within the
 * reuse grace get the same successor instead of a second one (several tabs refreshing at once).
 */
export class RefreshSuccessorMigration extends Migration {
  override name = '20261206000000_refresh_successor';

  override up(): void {
    const s = `"${this.config.get('schema') ?? 'identity'}"`;
    this.addSql(`alter table ${s}."refresh_tokens" add column "successor_id" uuid null, add column "successor_sealed" text null`);
  }

  override down(): void {
    const s = `"${this.config.get('schema') ?? 'identity'}"`;
    this.addSql(`alter table ${s}."refresh_tokens" drop column if exists "successor_id", drop column if exists "successor_sealed"`);
  }
}
