import { Migration } from '@mikro-orm/migrations';

/**
 * `contact_directory`: each contact's latest state from portfolio's ContactChanged (name, lower-case e-mail addresses,
 * locations; no location once deleted), so Send E-mail reaches the contacts page's people who are neither tenants nor
 * partners. `stamp` is the id of the event the row reflects (UUIDv7): only a later event overwrites it. Filled from
 * portfolio's backfill `20261128000001`.
 */
export class ContactDirectoryMigration extends Migration {
  override name = '20261128200001_contact_directory';

  override up(): void {
    const s = this.config.get('schema') ?? 'messaging';
    this.addSql(`create table "${s}"."contact_directory" (
      "contact_id" text primary key,
      "account_id" text not null,
      "full_name" text not null,
      "emails" text[] not null,
      "location_ids" text[] not null,
      "stamp" text not null
    )`);
    this.addSql(`create index "contact_directory_locations_idx" on "${s}"."contact_directory" using gin ("location_ids")`);
  }

  override down(): void {
    const s = this.config.get('schema') ?? 'messaging';
    this.addSql(`drop table if exists "${s}"."contact_directory"`);
  }
}
