import { Migration } from '@mikro-orm/migrations';

/**
 * E-mail templates and signatures, moved here from portfolio (the architecture's placement): each building's own
 * wording of the product's e-mails, its signature, and messaging's copy of which location a building belongs to
 * (from portfolio's BuildingCreated; the buildings that existed before come with their templates and signature in
 * BuildingEmailSettingsHandedOver, recorded by portfolio's migration `20261124000100` before it dropped its tables).
 */
export class EmailTemplatesMigration extends Migration {
  override name = '20261124200100_email_templates';

  override up(): void {
    const s = this.config.get('schema') ?? 'messaging';
    this.addSql(`create table "${s}"."building_directory" (
      "building_id" text primary key,
      "location_id" text not null,
      "account_id" text not null,
      "stamp" uuid not null
    )`);
    this.addSql(`create index "building_directory_location_idx" on "${s}"."building_directory" ("location_id", "building_id")`);
    this.addSql(`create table "${s}"."building_signature" (
      "building_id" text primary key,
      "signature" text not null,
      "updated_at" timestamptz not null,
      "updated_by" text
    )`);
    this.addSql(`create table "${s}"."email_template" (
      "id" uuid primary key,
      "account_id" text not null,
      "building_id" text not null,
      "slug" text not null,
      "name" text not null,
      "subject" text not null,
      "body" text not null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null
    )`);
    this.addSql(`create unique index "email_template_building_slug_uq" on "${s}"."email_template" ("building_id", "slug")`);
  }

  override down(): void {
    const s = this.config.get('schema') ?? 'messaging';
    this.addSql(`drop table if exists "${s}"."email_template"`);
    this.addSql(`drop table if exists "${s}"."building_signature"`);
    this.addSql(`drop table if exists "${s}"."building_directory"`);
  }
}
