import { Migration } from '@mikro-orm/migrations';

/**
 * Portfolio's copy of each account's platform plan, from payments' `PlanChanged` (src/plans/): the latest by Paddle's
 * time of the event, which decides the navbar flags. An account without a row has never had a plan record.
 */
export class AccountPlansMigration extends Migration {
  override name = '20261210000001_account_plans';

  override up(): void {
    const s = this.config.get('schema') ?? 'portfolio';
    this.addSql(`create table "${s}"."account_plan" (
      "account_id" text primary key,
      "plan" text not null,
      "status" text,
      "subscription_id" text,
      "trial_ends_at" timestamptz,
      "occurred_at" timestamptz not null,
      "updated_at" timestamptz not null default now()
    )`);
  }
}
