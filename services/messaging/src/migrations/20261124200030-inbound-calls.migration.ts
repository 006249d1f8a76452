import { Migration } from '@mikro-orm/migrations';

/**
 * Calls in. `location_name` is messaging's copy of each location's name (from portfolio's location events, the same
 * `stamp` rule as the other copies), which the voice greeting says without a call to portfolio on the webhook's path.
 * `inbound_call` is one row per provider call (`CallSid` unique: a redelivered webhook stores nothing twice), kept
 * `unrouted` (no location) when the number is no location's; `call_turn` is what the caller said in each turn and
 * what they heard back.
 */
export class InboundCallsMigration extends Migration {
  override name = '20261124200030_inbound_calls';

  override up(): void {
    const s = this.config.get('schema') ?? 'messaging';
    this.addSql(`create table "${s}"."location_name" (
      "location_id" text primary key,
      "name" text not null,
      "stamp" text not null
    )`);
    this.addSql(`create table "${s}"."inbound_call" (
      "id" uuid primary key,
      "provider" text not null,
      "call_sid" text not null,
      "location_id" text null,
      "account_id" text null,
      "tenant_id" text null,
      "from_number" text not null,
      "to_number" text not null,
      "routed" boolean not null,
      "status" text not null check ("status" in ('in_progress', 'completed', 'busy', 'failed', 'no_answer', 'canceled')),
      "started_at" timestamptz not null,
      "ended_at" timestamptz null,
      "duration_seconds" integer null,
      constraint "inbound_call_sid_unique" unique ("provider", "call_sid")
    )`);
    this.addSql(`create index "inbound_call_location_idx" on "${s}"."inbound_call" ("location_id", "started_at" desc, "id" desc) where "routed"`);
    this.addSql(`create table "${s}"."call_turn" (
      "id" uuid primary key,
      "call_id" uuid not null references "${s}"."inbound_call" ("id") on delete cascade,
      "seq" integer not null,
      "transcript" text not null,
      "confidence" real null,
      "kind" text not null check ("kind" in ('pending', 'answer', 'holding', 'goodbye')),
      "answer" text null,
      "urgent" boolean not null default false,
      "sources" jsonb not null default '[]'::jsonb,
      "message_id" uuid null references "${s}"."message" ("id") on delete set null,
      "at" timestamptz not null,
      "answered_at" timestamptz null,
      constraint "call_turn_seq_unique" unique ("call_id", "seq")
    )`);
  }

  override down(): void {
    const s = this.config.get('schema') ?? 'messaging';
    for (const t of ['call_turn', 'inbound_call', 'location_name']) this.addSql(`drop table if exists "${s}"."${t}"`);
  }
}
