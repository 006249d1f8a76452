import { Migration } from '@mikro-orm/migrations';

/**
 * What payments needs beside the ledger: its copy of portfolio's locations, buildings, units and tenants (from
 * portfolio's events; each row keeps the id of the event it reflects in `stamp`, and only a later event overwrites it),
 * each unit's rent details and the rents it has had, and each account's Stripe connected account.
 */
export class PaymentsRentMigration extends Migration {
  override name = '20261208000001_payments_rent';

  override up(): void {
    const s = this.config.get('schema') ?? 'payments';
    this.addSql(`create table "${s}"."location_directory" (
      "location_id" text primary key,
      "account_id" text not null,
      "name" text not null,
      "time_zone" text not null,
      "stamp" text not null
    )`);
    this.addSql(`create table "${s}"."building_directory" (
      "building_id" text primary key,
      "location_id" text not null,
      "account_id" text not null,
      "name" text not null,
      "stamp" text not null
    )`);
    this.addSql(`create table "${s}"."unit_directory" (
      "unit_id" text primary key,
      "building_id" text not null,
      "location_id" text not null,
      "account_id" text not null,
      "name" text not null,
      "stamp" text not null
    )`);
    this.addSql(`create index "unit_directory_location_idx" on "${s}"."unit_directory" ("location_id")`);
    this.addSql(`create table "${s}"."tenant_directory" (
      "tenant_id" text primary key,
      "unit_id" text not null,
      "location_id" text not null,
      "account_id" text not null,
      "full_name" text not null,
      "emails" jsonb not null default '[]',
      "archived" boolean not null default false,
      "deleted" boolean not null default false,
      "stamp" text not null
    )`);
    this.addSql(`create index "tenant_directory_unit_idx" on "${s}"."tenant_directory" ("unit_id")`);
    this.addSql(`create table "${s}"."rent_details" (
      "unit_id" text primary key,
      "location_id" text not null,
      "amount_cents" bigint not null check ("amount_cents" > 0),
      "due_day" smallint not null check ("due_day" between 1 and 31),
      "late_fee_cents" bigint not null check ("late_fee_cents" >= 0),
      "grace_days" smallint not null check ("grace_days" between 0 and 31),
      "starts_on" date not null,
      "ends_on" date null check ("ends_on" is null or "ends_on" >= "starts_on"),
      "updated_at" timestamptz not null,
      "updated_by" text not null,
      "created_at" timestamptz not null default now()
    )`);
    this.addSql(`create index "rent_details_location_idx" on "${s}"."rent_details" ("location_id")`);
    this.addSql(`create table "${s}"."rent_price" (
      "id" text primary key,
      "unit_id" text not null,
      "amount_cents" bigint not null check ("amount_cents" > 0),
      "effective_from" date not null,
      "created_at" timestamptz not null
    )`);
    this.addSql(`create index "rent_price_unit_idx" on "${s}"."rent_price" ("unit_id", "created_at")`);
    // The success page finds a payment by the checkout it was made on.
    this.addSql(`create index "ledger_entry_checkout_idx" on "${s}"."ledger_entry" ((entry->>'checkoutSessionId')) where entry->>'checkoutSessionId' is not null`);
    // Each rent notice asked of messaging once (a receipt per payment, a reminder and a late notice per charge).
    this.addSql(`create table "${s}"."rent_notice" (
      "notice_id" text primary key,
      "kind" text not null,
      "unit_id" text not null,
      "requested_at" timestamptz not null default now()
    )`);
    this.addSql(`create table "${s}"."connected_account" (
      "account_id" text primary key,
      "stripe_account_id" text not null unique,
      "created_at" timestamptz not null default now(),
      "activated_at" timestamptz null
    )`);
  }

  override down(): void {
    const s = this.config.get('schema') ?? 'payments';
    for (const table of ['connected_account', 'rent_notice', 'rent_price', 'rent_details', 'tenant_directory', 'unit_directory', 'building_directory', 'location_directory']) {
      this.addSql(`drop table if exists "${s}"."${table}"`);
    }
  }
}
