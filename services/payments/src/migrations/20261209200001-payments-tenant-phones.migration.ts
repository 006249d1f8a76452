import { Migration } from '@mikro-orm/migrations';

/** Each tenant's phone numbers (from portfolio's tenant events), for rent notices by text message. */
export class PaymentsTenantPhonesMigration extends Migration {
  override name = '20261209200001_payments_tenant_phones';

  override up(): void {
    const s = this.config.get('schema') ?? 'payments';
    this.addSql(`alter table "${s}"."tenant_directory" add column "phones" jsonb not null default '[]'::jsonb`);
  }
}
