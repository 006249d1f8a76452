import { Migration } from '@mikro-orm/migrations';

/** `outbound_delivery.purpose` takes `rent`: the payment links, receipts, reminders and late notices payments asks for. */
export class RentNoticesMigration extends Migration {
  override name = '20261208200001_rent_notices';

  override up(): void {
    const s = this.config.get('schema') ?? 'messaging';
    this.addSql(`alter table "${s}"."outbound_delivery" drop constraint if exists "outbound_delivery_purpose_check"`);
    this.addSql(`alter table "${s}"."outbound_delivery" add constraint "outbound_delivery_purpose_check"
      check ("purpose" in ('reply', 'auto_reply', 'emergency_notification', 'bulk', 'direct', 'group', 'vendor', 'invitation', 'renewal', 'rent'))`);
  }

  override down(): void {
    const s = this.config.get('schema') ?? 'messaging';
    this.addSql(`alter table "${s}"."outbound_delivery" drop constraint if exists "outbound_delivery_purpose_check"`);
    this.addSql(`alter table "${s}"."outbound_delivery" add constraint "outbound_delivery_purpose_check"
      check ("purpose" in ('reply', 'auto_reply', 'emergency_notification', 'bulk', 'direct', 'group', 'vendor', 'invitation', 'renewal'))`);
  }
}
