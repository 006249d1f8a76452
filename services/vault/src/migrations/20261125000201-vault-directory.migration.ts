import { Migration } from '@mikro-orm/migrations';

/**
 * The vault's copies of portfolio's buildings, units, tenants and partners (from portfolio's events), for tagging
 * options, entity documents and checking that what a document is tagged with belongs to a location the caller may
 * write to. Each row keeps the id (UUIDv7) of the event it reflects in `stamp`; only a later event overwrites it.
 */
export class VaultDirectoryMigration extends Migration {
  override name = '20261125000201_vault_directory';

  override up(): void {
    const s = this.config.get('schema') ?? 'vault';
    this.addSql(`create table "${s}"."building_directory" (
      "building_id" text primary key,
      "account_id" text not null,
      "location_id" text not null,
      "name" text not null,
      "stamp" text not null
    )`);
    this.addSql(`create index "building_directory_location_idx" on "${s}"."building_directory" ("location_id")`);
    this.addSql(`create table "${s}"."unit_directory" (
      "unit_id" text primary key,
      "building_id" text not null,
      "account_id" text not null,
      "location_id" text not null,
      "name" text not null,
      "stamp" text not null
    )`);
    this.addSql(`create index "unit_directory_building_idx" on "${s}"."unit_directory" ("building_id")`);
    this.addSql(`create index "unit_directory_location_idx" on "${s}"."unit_directory" ("location_id")`);
    this.addSql(`create table "${s}"."tenant_directory" (
      "tenant_id" text primary key,
      "unit_id" text not null,
      "building_id" text not null,
      "account_id" text not null,
      "location_id" text not null,
      "full_name" text not null,
      "archived" boolean not null default false,
      "deleted" boolean not null default false,
      "stamp" text not null
    )`);
    this.addSql(`create index "tenant_directory_unit_idx" on "${s}"."tenant_directory" ("unit_id")`);
    this.addSql(`create index "tenant_directory_location_idx" on "${s}"."tenant_directory" ("location_id")`);
    this.addSql(`create table "${s}"."partner_directory" (
      "partner_id" text primary key,
      "account_id" text not null,
      "user_id" text null,
      "full_name" text not null,
      "email" text not null,
      "role" text not null,
      "location_ids" text[] not null,
      "stamp" text not null
    )`);
    this.addSql(`create index "partner_directory_locations_idx" on "${s}"."partner_directory" using gin ("location_ids")`);
  }

  override down(): void {
    const s = this.config.get('schema') ?? 'vault';
    for (const table of ['partner_directory', 'tenant_directory', 'unit_directory', 'building_directory']) this.addSql(`drop table if exists "${s}"."${table}"`);
  }
}
