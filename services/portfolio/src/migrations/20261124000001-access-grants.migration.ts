import { Migration } from '@mikro-orm/migrations';

/**
 * Fills portfolio's grants projection (@pm/access's tables, created by the migration before this one) from the
 * locations and partners that exist already; from here on every change applies its grant event in its own
 * transaction. The stamp is the nil UUID, older than any event id, so any later event wins over these rows.
 */
export class AccessGrantsMigration extends Migration {
  override name = '20261124000001_access_grants';

  override up(): void {
    const s = this.config.get('schema') ?? 'portfolio';
    const nil = `'00000000-0000-0000-0000-000000000000'::uuid`;
    this.addSql(`insert into "${s}"."access_location" ("location_id", "account_id", "stamp")
      select "id"::text, "account_id", ${nil} from "${s}"."property_location" on conflict do nothing`);
    this.addSql(`insert into "${s}"."access_partner" ("partner_id", "account_id", "user_id", "role", "stamp")
      select "id"::text, "account_id", "user_id", "role", ${nil} from "${s}"."partner" on conflict do nothing`);
    this.addSql(`insert into "${s}"."access_partner_location" ("partner_id", "location_id", "granted", "stamp")
      select "partner_id"::text, "location_id"::text, true, ${nil} from "${s}"."partner_location" on conflict do nothing`);
  }

  override down(): void {
    const s = this.config.get('schema') ?? 'portfolio';
    for (const table of ['access_partner_location', 'access_partner', 'access_location']) this.addSql(`delete from "${s}"."${table}"`);
  }
}
