import { Migration } from '@mikro-orm/migrations';

/**
 * The outbox of sends. Everything messaging sends (a reply, an auto-reply, an emergency notification, a bulk or
 * group message, an invitation) is first a row here, written in the transaction of whatever decided to send it, so a
 * crash never loses a send; the dispatcher claims due rows (`for update skip locked`), sends them, and records the
 * result, retrying with backoff until `max_attempts`, then `failed` (shown, never silent). `dedupe_key` makes a
 * redelivered event enqueue nothing twice (an emergency notification per message and contact, for example).
 *
 * `message_audit` is the audit trail of what the team and the system did with a tenant's messages: every approval and
 * send (with the draft version it started from and whether it was edited), archive, auto-send, notification and
 * failed send. Rows are only ever inserted; the thread export reads them.
 *
 * `sandbox_phone_message` is the local SMS carrier: what the sandbox SMS adapter "delivers" (the sandbox phone page
 * shows a number's messages), so the local profile sends real messages somewhere one can read them.
 */
export class OutboundMigration extends Migration {
  override name = '20261124200005_outbound';

  override up(): void {
    const s = this.config.get('schema') ?? 'messaging';
    this.addSql(`create table "${s}"."outbound_delivery" (
      "id" uuid primary key,
      "account_id" text not null,
      "location_id" text not null,
      "purpose" text not null check ("purpose" in ('reply', 'auto_reply', 'emergency_notification', 'bulk', 'direct', 'group', 'vendor', 'invitation', 'renewal')),
      "channel" text not null check ("channel" in ('sms', 'email')),
      "message_id" uuid null references "${s}"."message" ("id") on delete set null,
      "from_address" text not null,
      "to_address" text not null,
      "subject" text null,
      "body" text not null,
      "html" text null,
      "headers" jsonb not null default '{}'::jsonb,
      "attachments" jsonb not null default '[]'::jsonb,
      "status" text not null check ("status" in ('queued', 'sending', 'sent', 'failed')),
      "attempts" integer not null default 0,
      "max_attempts" integer not null,
      "next_attempt_at" timestamptz not null,
      "locked_until" timestamptz null,
      "last_error" text null,
      "provider" text null,
      "provider_id" text null,
      "requested_by" text null,
      "dedupe_key" text null,
      "created_at" timestamptz not null,
      "sent_at" timestamptz null,
      "updated_at" timestamptz not null,
      constraint "outbound_delivery_dedupe_uq" unique ("dedupe_key")
    )`);
    this.addSql(`create index "outbound_delivery_due_idx" on "${s}"."outbound_delivery" ("next_attempt_at") where "status" in ('queued', 'sending')`);
    this.addSql(`create index "outbound_delivery_location_idx" on "${s}"."outbound_delivery" ("location_id", "channel", "created_at" desc, "id" desc)`);
    this.addSql(`create table "${s}"."message_audit" (
      "id" uuid primary key,
      "account_id" text not null,
      "location_id" text not null,
      "session_id" uuid null,
      "message_id" uuid null,
      "delivery_id" uuid null,
      "action" text not null,
      "actor" text null,
      "draft_id" uuid null,
      "detail" jsonb not null default '{}'::jsonb,
      "at" timestamptz not null
    )`);
    this.addSql(`create index "message_audit_session_idx" on "${s}"."message_audit" ("session_id", "at")`);
    this.addSql(`create table "${s}"."sandbox_phone_message" (
      "id" uuid primary key,
      "from_number" text not null,
      "to_number" text not null,
      "body" text not null,
      "media" jsonb not null default '[]'::jsonb,
      "created_at" timestamptz not null
    )`);
    this.addSql(`create index "sandbox_phone_message_to_idx" on "${s}"."sandbox_phone_message" ("to_number", "created_at" desc)`);
  }

  override down(): void {
    const s = this.config.get('schema') ?? 'messaging';
    this.addSql(`drop table if exists "${s}"."sandbox_phone_message"`);
    this.addSql(`drop table if exists "${s}"."message_audit"`);
    this.addSql(`drop table if exists "${s}"."outbound_delivery"`);
  }
}
