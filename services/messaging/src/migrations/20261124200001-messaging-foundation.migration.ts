import { Migration } from '@mikro-orm/migrations';

/**
 * Messaging's first tables: its copies of portfolio's facts it routes by (which location a number belongs to, which
 * tenant a phone belongs to), and inbound messages with their sessions. `stamp` is the id (UUIDv7, time-ordered) of
 * the portfolio event a copied row reflects, so an older event delivered late never overwrites a newer one.
 */
export class MessagingFoundationMigration extends Migration {
  override name = '20261124200001_messaging_foundation';

  override up(): void {
    const s = this.config.get('schema') ?? 'messaging';
    this.addSql(`create table "${s}"."location_phone_number" (
      "phone_number" text primary key,
      "location_id" text not null,
      "account_id" text not null,
      "owner_user_id" text not null,
      "assigned" boolean not null,
      "stamp" text not null
    )`);
    this.addSql(`create table "${s}"."tenant_directory" (
      "tenant_id" text primary key,
      "location_id" text not null,
      "account_id" text not null,
      "building_id" text null,
      "unit_id" text null,
      "full_name" text not null,
      "phone_numbers" text[] not null,
      "archived" boolean not null,
      "deleted" boolean not null,
      "stamp" text not null
    )`);
    this.addSql(`create index "tenant_directory_phone_idx" on "${s}"."tenant_directory" using gin ("phone_numbers")`);
    this.addSql(`create table "${s}"."message_session" (
      "id" uuid primary key,
      "location_id" text not null,
      "account_id" text not null,
      "channel" text not null check ("channel" in ('sms', 'email')),
      "party" text not null,
      "tenant_id" text null,
      "building_id" text null,
      "from_name" text null,
      "from_address" text not null,
      "to_address" text not null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      constraint "message_session_party_unique" unique ("location_id", "channel", "party")
    )`);
    this.addSql(`create table "${s}"."message" (
      "id" uuid primary key,
      "provider" text not null,
      "external_id" text not null,
      "channel" text not null check ("channel" in ('sms', 'email')),
      "direction" text not null check ("direction" in ('inbound', 'outbound')),
      "role" text not null check ("role" in ('ai', 'tenant', 'property_manager', 'vendor')),
      "status" text not null check ("status" in ('received', 'unrouted')),
      "session_id" uuid null references "${s}"."message_session" ("id"),
      "location_id" text null,
      "account_id" text null,
      "tenant_id" text null,
      "sender_name" text null,
      "from_address" text not null,
      "to_address" text not null,
      "body" text not null,
      "media" jsonb not null,
      "received_at" timestamptz not null,
      constraint "message_external_unique" unique ("provider", "external_id")
    )`);
    this.addSql(`create index "message_location_idx" on "${s}"."message" ("location_id", "received_at" desc)`);
    this.addSql(`create index "message_session_idx" on "${s}"."message" ("session_id", "received_at")`);
  }

  override down(): void {
    const s = this.config.get('schema') ?? 'messaging';
    for (const table of ['message', 'message_session', 'tenant_directory', 'location_phone_number']) this.addSql(`drop table if exists "${s}"."${table}"`);
  }
}
