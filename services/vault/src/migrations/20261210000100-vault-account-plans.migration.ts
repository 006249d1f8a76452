import { Migration } from '@mikro-orm/migrations';

/** The vault's copy of each account's platform plan, from payments' `PlanChanged`: its storage limit (src/plans/). */
export class VaultAccountPlansMigration extends Migration {
  override name = '20261210000100_vault_account_plans';

  override up(): void {
    const s = this.config.get('schema') ?? 'vault';
    this.addSql(`create table "${s}"."account_plan" (
      "account_id" text primary key,
      "plan" text not null,
      "occurred_at" timestamptz not null
    )`);
    // The storage an account uses is the sum of its documents' sizes.
    this.addSql(`create index "document_account_size_idx" on "${s}"."document" ("account_id") include ("size") where "deleted_at" is null`);
  }
}
