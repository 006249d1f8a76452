import { Migration } from '@mikro-orm/migrations';

/** The read models fed by events: users' account types (from identity) and onboarding progress. */
export class ReadModelsMigration extends Migration {
  override name = '20261121000002_user_account_onboarding_progress';

  override up(): void {
    const schema = this.config.get('schema') ?? 'portfolio';
    this.addSql(`create table "${schema}"."user_account" (
      "user_id" varchar(255) primary key,
      "account_type" text null check ("account_type" in ('property_manager','home_owner','resident')),
      "campaign" text null,
      "updated_at" timestamptz not null
    )`);
    this.addSql(`create table "${schema}"."onboarding_progress" (
      "user_id" varchar(255) primary key,
      "has_property_location" boolean not null default false,
      "first_property_location_id" varchar(255) null,
      "has_phone_number" boolean not null default false,
      "has_building" boolean not null default false,
      "first_building_id" varchar(255) null,
      "has_unit" boolean not null default false,
      "first_unit_id" varchar(255) null,
      "has_tenant" boolean not null default false,
      "first_tenant_id" varchar(255) null,
      "has_lease_document" boolean not null default false,
      "has_rent_setup" boolean not null default false,
      "has_stripe_connected" boolean not null default false,
      "has_email_address" boolean not null default false,
      "has_tenants_with_onboarding_email_sent" boolean not null default false,
      "updated_at" timestamptz not null
    )`);
  }

  override down(): void {
    const schema = this.config.get('schema') ?? 'portfolio';
    this.addSql(`drop table if exists "${schema}"."onboarding_progress"`);
    this.addSql(`drop table if exists "${schema}"."user_account"`);
  }
}
