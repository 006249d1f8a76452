import { Migration } from '@mikro-orm/migrations';

/**
 * The platform's plans (src/plans/): each account's Paddle customer, made on its first checkout, and its Paddle
 * subscriptions as the last signed webhook described them (`event_at`, Paddle's time of that event: an older event
 * delivered late never overwrites a newer one). Paddle's events are recorded in `provider_event` (provider `paddle`).
 */
export class PaymentsPlansMigration extends Migration {
  override name = '20261210000001_payments_plans';

  override up(): void {
    const s = this.config.get('schema') ?? 'payments';
    this.addSql(`create table "${s}"."plan_customer" (
      "account_id" text primary key,
      "customer_id" text not null unique,
      "created_at" timestamptz not null default now()
    )`);
    this.addSql(`create table "${s}"."plan_subscription" (
      "subscription_id" text primary key,
      "account_id" text not null,
      "customer_id" text not null,
      "plan" text not null,
      "status" text not null,
      "amount_cents" integer not null check ("amount_cents" >= 0),
      "trial_ends_at" timestamptz,
      "current_period_end" timestamptz,
      "next_billed_at" timestamptz,
      "cancel_at" timestamptz,
      "canceled_at" timestamptz,
      "started_at" timestamptz not null,
      "event_at" timestamptz not null,
      "event_id" text not null
    )`);
    this.addSql(`create index "plan_subscription_account_idx" on "${s}"."plan_subscription" ("account_id", "started_at" desc)`);
  }
}
