import { Migration } from '@mikro-orm/migrations';

/**
 * The outbox and inbox tables, created in the schema of the service that includes this migration in its list
 * (every service does: see nest-kit's OrmModule).
 */
export class MessagingTablesMigration extends Migration {
  override name = '00000000000000_messaging_outbox_inbox';

  override up(): void {
    const schema = this.config.get('schema') ?? 'public';
    this.addSql(`create schema if not exists "${schema}"`);
    this.addSql(`create table "${schema}"."outbox" (
      "id" uuid primary key,
      "subject" text not null,
      "envelope" jsonb not null,
      "created_at" timestamptz not null,
      "published_at" timestamptz null,
      "attempts" int not null default 0,
      "last_error" text null
    )`);
    // The relay only ever scans unpublished rows in id order; keep that index small.
    this.addSql(`create index "outbox_pending_idx" on "${schema}"."outbox" ("id") where "published_at" is null`);
    this.addSql(`create table "${schema}"."inbox" (
      "consumer" varchar(255) not null,
      "event_id" uuid not null,
      "processed_at" timestamptz not null,
      primary key ("consumer", "event_id")
    )`);
  }

  override down(): void {
    const schema = this.config.get('schema') ?? 'public';
    this.addSql(`drop table if exists "${schema}"."inbox"`);
    this.addSql(`drop table if exists "${schema}"."outbox"`);
  }
}
