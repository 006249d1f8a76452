import { Migration } from '@mikro-orm/migrations';

/**
 * The ledger's entries and the provider events they came from.
 *
 * `ledger_entry` is append-only: an entry is known by its id (a provider's payment, a period's rent charge), written
 * once (`on conflict do nothing`), and never changed or removed; a trigger refuses UPDATE and DELETE, so not even a
 * mistaken query can edit money in place (a correction is a new entry). `provider_event` records each webhook event
 * taken in, by the provider's event id, in the same transaction as its entries: a delivery is acknowledged only after
 * both are committed, so the provider retries anything not recorded.
 */
export class PaymentsLedgerMigration extends Migration {
  override name = '20261207000001_payments_ledger';

  override up(): void {
    const s = this.config.get('schema') ?? 'payments';
    this.addSql(`create table "${s}"."ledger_entry" (
      "id" text primary key,
      "unit_id" text not null,
      "type" text not null,
      "entry" jsonb not null,
      "posted_at" timestamptz not null,
      "recorded_at" timestamptz not null default now()
    )`);
    this.addSql(`create index "ledger_entry_unit_idx" on "${s}"."ledger_entry" ("unit_id", "posted_at")`);
    this.addSql(`create function "${s}"."ledger_entry_immutable"() returns trigger language plpgsql as $$
      begin
        raise exception 'ledger entries are immutable: % refused on %', tg_op, old.id using errcode = 'restrict_violation';
      end
    $$`);
    this.addSql(`create trigger "ledger_entry_immutable" before update or delete on "${s}"."ledger_entry"
      for each row execute function "${s}"."ledger_entry_immutable"()`);
    this.addSql(`create table "${s}"."provider_event" (
      "provider" text not null,
      "event_id" text not null,
      "type" text not null,
      "unit_id" text,
      "received_at" timestamptz not null default now(),
      primary key ("provider", "event_id")
    )`);
  }
}
