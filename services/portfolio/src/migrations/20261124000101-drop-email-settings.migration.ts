import { Migration } from '@mikro-orm/migrations';

/** Messaging owns the buildings' e-mail templates and signatures now (handed over by `20261124000100`): one owner. */
export class DropEmailSettingsMigration extends Migration {
  override name = '20261124000101_drop_email_settings';

  override up(): void {
    const s = this.config.get('schema') ?? 'portfolio';
    this.addSql(`drop table if exists "${s}"."email_template"`);
    this.addSql(`alter table "${s}"."building" drop column if exists "signature"`);
  }

  override down(): void {
    const s = this.config.get('schema') ?? 'portfolio';
    this.addSql(`alter table "${s}"."building" add column if not exists "signature" text null`);
    this.addSql(`create table if not exists "${s}"."email_template" (
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
  }
}
