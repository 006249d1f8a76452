import { Migration } from '@mikro-orm/migrations';

/**
 * What the month's collected rent reads (`LedgerStore.monthPaymentsOfLocation`): each unit's payments dated in a month
 * (a prefix of `paidOn`) and the entries about them (`paymentId`). Without these it filtered every entry's JSON of the
 * location's units: ~120 ms of PostgreSQL per dashboard total for 10,000 units (bench:payments).
 */
export class PaymentsLedgerMonthIndexesMigration extends Migration {
  override name = '20261210100001_payments_ledger_month_indexes';

  override up(): void {
    const s = this.config.get('schema') ?? 'payments';
    this.addSql(`create index "ledger_entry_paid_on_idx" on "${s}"."ledger_entry" ("unit_id", (entry->>'paidOn') text_pattern_ops) where "type" = 'payment'`);
    this.addSql(`create index "ledger_entry_payment_id_idx" on "${s}"."ledger_entry" ("unit_id", (entry->>'paymentId')) where (entry->>'paymentId') is not null`);
  }
}
