import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 4's data: buildings, units, tenants, e-mail templates, partners and their locations, Q&A items, rules,
 * location contacts, per-location phone numbers and e-mail addresses.
 *
 * Every row carries the account and location it belongs to (denormalised from its parent), so each read is one
 * indexed query scoped by location, and access is decided once per request from the location alone.
 */
export class PortfolioOperationsMigration extends Migration {
  override name = '20261122000001_portfolio_operations';

  override up(): void {
    const s = this.config.get('schema') ?? 'portfolio';
    this.addSql(`alter table "${s}"."user_account" add column "email" text null`);
    this.addSql(`create index "user_account_email_idx" on "${s}"."user_account" (lower("email"))`);
    // One e-mail address per location and one location per address, whatever the letter case.
    this.addSql(`create unique index "property_location_email_uq" on "${s}"."property_location" (lower("email")) where "email" is not null`);
    this.addSql(`create unique index "property_location_phone_uq" on "${s}"."property_location" ("phone") where "phone" is not null`);

    this.addSql(`create table "${s}"."building" (
      "id" uuid primary key,
      "account_id" varchar(255) not null,
      "property_location_id" uuid not null references "${s}"."property_location" ("id") on delete cascade,
      "name" text not null,
      "address_text" text not null,
      "signature" text null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null
    )`);
    this.addSql(`create index "building_location_idx" on "${s}"."building" ("property_location_id", "id")`);

    this.addSql(`create table "${s}"."unit" (
      "id" uuid primary key,
      "account_id" varchar(255) not null,
      "property_location_id" uuid not null references "${s}"."property_location" ("id") on delete cascade,
      "building_id" uuid not null references "${s}"."building" ("id") on delete cascade,
      "name" text not null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null
    )`);
    this.addSql(`create index "unit_building_idx" on "${s}"."unit" ("building_id", "id")`);
    this.addSql(`create index "unit_location_idx" on "${s}"."unit" ("property_location_id", "id")`);

    this.addSql(`create table "${s}"."tenant" (
      "id" uuid primary key,
      "account_id" varchar(255) not null,
      "property_location_id" uuid not null references "${s}"."property_location" ("id") on delete cascade,
      "building_id" uuid not null references "${s}"."building" ("id") on delete cascade,
      "unit_id" uuid not null references "${s}"."unit" ("id") on delete cascade,
      "full_name" text not null,
      "contacts" jsonb not null default '[]',
      "user_id" varchar(255) null,
      "is_primary" boolean not null default false,
      "is_archived" boolean not null default false,
      "archived_at" timestamptz null,
      "metadata" jsonb not null default '{}',
      "lease_end_date" date null,
      "onboarding_email_sent_at" timestamptz null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null
    )`);
    this.addSql(`create index "tenant_unit_idx" on "${s}"."tenant" ("unit_id", "is_archived", "id")`);
    this.addSql(`create index "tenant_location_idx" on "${s}"."tenant" ("property_location_id", "is_archived", "id")`);
    // The dashboard's "leases ending in the next N days" is a range scan on this index.
    this.addSql(`create index "tenant_lease_end_idx" on "${s}"."tenant" ("property_location_id", "lease_end_date") where "is_archived" = false and "lease_end_date" is not null`);
    this.addSql(`create unique index "tenant_primary_uq" on "${s}"."tenant" ("unit_id") where "is_primary" and not "is_archived"`);

    this.addSql(`create table "${s}"."email_template" (
      "id" uuid primary key,
      "account_id" varchar(255) not null,
      "building_id" uuid not null references "${s}"."building" ("id") on delete cascade,
      "slug" text not null,
      "name" text not null,
      "subject" text not null,
      "body" text not null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      unique ("building_id", "slug")
    )`);

    this.addSql(`create table "${s}"."partner" (
      "id" uuid primary key,
      "account_id" varchar(255) not null,
      "user_id" varchar(255) null,
      "full_name" text not null,
      "email" text not null,
      "phone" text null,
      "role" text not null check ("role" in ('ADMIN','MANAGER','VENDOR','MEMBER','VIEWER')),
      "is_emergency_contact" boolean not null default false,
      "invited_at" timestamptz null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null
    )`);
    this.addSql(`create unique index "partner_account_email_uq" on "${s}"."partner" ("account_id", lower("email"))`);
    this.addSql(`create index "partner_user_idx" on "${s}"."partner" ("user_id")`);
    this.addSql(`create index "partner_email_idx" on "${s}"."partner" (lower("email")) where "user_id" is null`);
    this.addSql(`create table "${s}"."partner_location" (
      "partner_id" uuid not null references "${s}"."partner" ("id") on delete cascade,
      "location_id" uuid not null references "${s}"."property_location" ("id") on delete cascade,
      primary key ("partner_id", "location_id")
    )`);
    this.addSql(`create index "partner_location_location_idx" on "${s}"."partner_location" ("location_id")`);

    this.addSql(`create table "${s}"."question" (
      "id" uuid primary key,
      "account_id" varchar(255) not null,
      "property_location_id" uuid not null references "${s}"."property_location" ("id") on delete cascade,
      "question" text not null,
      "answer" text not null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null
    )`);
    this.addSql(`create index "question_location_idx" on "${s}"."question" ("property_location_id", "id")`);
    this.addSql(`create table "${s}"."rule" (
      "id" uuid primary key,
      "account_id" varchar(255) not null,
      "property_location_id" uuid not null references "${s}"."property_location" ("id") on delete cascade,
      "description" text not null,
      "expected_output" text not null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null
    )`);
    this.addSql(`create index "rule_location_idx" on "${s}"."rule" ("property_location_id", "id")`);

    this.addSql(`create table "${s}"."contact" (
      "id" uuid primary key,
      "account_id" varchar(255) not null,
      "name" text not null,
      "role" text not null default 'OTHER',
      "details" jsonb not null default '[]',
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null
    )`);
    this.addSql(`create table "${s}"."contact_location" (
      "contact_id" uuid not null references "${s}"."contact" ("id") on delete cascade,
      "location_id" uuid not null references "${s}"."property_location" ("id") on delete cascade,
      primary key ("contact_id", "location_id")
    )`);
    this.addSql(`create index "contact_location_location_idx" on "${s}"."contact_location" ("location_id")`);

    // The provider's handle on a number we bought for a location (Twilio's IncomingPhoneNumber sid, or the sandbox's).
    this.addSql(`create table "${s}"."location_phone_number" (
      "location_id" uuid primary key references "${s}"."property_location" ("id") on delete cascade,
      "account_id" varchar(255) not null,
      "phone_number" text not null unique,
      "provider" text not null,
      "provider_number_id" text not null,
      "assigned_at" timestamptz not null
    )`);
  }

  override down(): void {
    const s = this.config.get('schema') ?? 'portfolio';
    for (const table of ['location_phone_number', 'contact_location', 'contact', 'rule', 'question', 'partner_location', 'partner', 'email_template', 'tenant', 'unit', 'building']) {
      this.addSql(`drop table if exists "${s}"."${table}"`);
    }
    this.addSql(`drop index if exists "${s}"."property_location_email_uq"`);
    this.addSql(`drop index if exists "${s}"."property_location_phone_uq"`);
    this.addSql(`alter table "${s}"."user_account" drop column if exists "email"`);
  }
}
