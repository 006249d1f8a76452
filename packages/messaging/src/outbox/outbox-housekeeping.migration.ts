import { Migration } from '@mikro-orm/migrations';

/** The channel the outbox trigger notifies: one per schema, because every service shares the database. */
export function outboxChannelOf(schema: string): string {
  return `pm_outbox_${schema}`;
}

/**
 * What the relay and the pruner need from the tables of MessagingTablesMigration: a NOTIFY on every commit that
 * inserted outbox rows (so relays in every process wake at once, without polling), and indexes on the timestamps
 * the pruner deletes by.
 */
export class OutboxHousekeepingMigration extends Migration {
  override name = '00000000000001_messaging_outbox_notify_and_pruning';

  override up(): void {
    const schema = this.config.get('schema') ?? 'public';
    // NOTIFY is delivered at commit, and only if the transaction commits: exactly "a row became visible".
    this.addSql(`create or replace function "${schema}"."outbox_notify"() returns trigger language plpgsql as $$
      begin
        perform pg_notify('${outboxChannelOf(schema).replaceAll("'", "''")}', '');
        return null;
      end
    $$`);
    this.addSql(`create trigger "outbox_notify" after insert on "${schema}"."outbox"
      for each statement execute function "${schema}"."outbox_notify"()`);
    this.addSql(`create index "outbox_published_at_idx" on "${schema}"."outbox" ("published_at") where "published_at" is not null`);
    this.addSql(`create index "inbox_processed_at_idx" on "${schema}"."inbox" ("processed_at")`);
  }

  override down(): void {
    const schema = this.config.get('schema') ?? 'public';
    this.addSql(`drop index if exists "${schema}"."inbox_processed_at_idx"`);
    this.addSql(`drop index if exists "${schema}"."outbox_published_at_idx"`);
    this.addSql(`drop trigger if exists "outbox_notify" on "${schema}"."outbox"`);
    this.addSql(`drop function if exists "${schema}"."outbox_notify"()`);
  }
}
