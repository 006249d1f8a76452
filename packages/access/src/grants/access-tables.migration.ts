import { Migration } from '@mikro-orm/migrations';

/**
 * The grants projection's tables, created in the schema of the service that lists this migration (after its own
 * first migration is fine: nothing references them). `stamp` is the id (UUIDv7) of the event a row reflects.
 */
export class AccessTablesMigration extends Migration {
  override name = '00000000000001_access_grants';

  override up(): void {
    const schema = this.config.get('schema') ?? 'public';
    this.addSql(`create schema if not exists "${schema}"`);
    this.addSql(`create table "${schema}"."access_location" (
      "location_id" text primary key,
      "account_id" text not null,
      "stamp" uuid not null
    )`);
    this.addSql(`create index "access_location_account_idx" on "${schema}"."access_location" ("account_id", "location_id")`);
    this.addSql(`create table "${schema}"."access_partner" (
      "partner_id" text primary key,
      "account_id" text not null,
      "user_id" text null,
      "role" text not null,
      "stamp" uuid not null
    )`);
    this.addSql(`create index "access_partner_user_idx" on "${schema}"."access_partner" ("user_id") where "user_id" is not null`);
    this.addSql(`create table "${schema}"."access_partner_location" (
      "partner_id" text not null,
      "location_id" text not null,
      "granted" boolean not null,
      "stamp" uuid not null,
      primary key ("partner_id", "location_id")
    )`);
    this.addSql(`create index "access_partner_location_location_idx" on "${schema}"."access_partner_location" ("location_id") where "granted"`);
  }

  override down(): void {
    const schema = this.config.get('schema') ?? 'public';
    this.addSql(`drop table if exists "${schema}"."access_partner_location"`);
    this.addSql(`drop table if exists "${schema}"."access_partner"`);
    this.addSql(`drop table if exists "${schema}"."access_location"`);
  }
}
