import { Migration } from '@mikro-orm/migrations';

/**
 * Recurring rent: each provider subscription paying a unit's rent, as its webhooks last described it. `seen_at` is the
 * creation time of the event the row reflects: an older event delivered late never overwrites a newer one, and a
 * cancelled subscription stays cancelled. `checkout_session_id` is the checkout it was signed up on, which the success
 * page verifies.
 */
export class PaymentsRentSubscriptionsMigration extends Migration {
  override name = '20261209100001_payments_rent_subscriptions';

  override up(): void {
    const s = this.config.get('schema') ?? 'payments';
    this.addSql(`create table "${s}"."rent_subscription" (
      "subscription_id" text primary key,
      "unit_id" text not null,
      "account_id" text not null,
      "time_zone" text not null,
      "amount_cents" bigint not null check ("amount_cents" > 0),
      "status" text not null,
      "current_period_start" timestamptz not null,
      "current_period_end" timestamptz not null,
      "cancel_at_period_end" boolean not null default false,
      "canceled_at" timestamptz,
      "checkout_session_id" text,
      "created_at" timestamptz not null,
      "seen_at" bigint not null
    )`);
    this.addSql(`create index "rent_subscription_unit_idx" on "${s}"."rent_subscription" ("unit_id")`);
    this.addSql(`create index "rent_subscription_checkout_idx" on "${s}"."rent_subscription" ("checkout_session_id") where "checkout_session_id" is not null`);
  }
}
