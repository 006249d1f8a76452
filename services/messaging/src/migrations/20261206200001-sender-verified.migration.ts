import { Migration } from '@mikro-orm/migrations';

/**
 * `message.sender_verified`: whether the sender of an inbound e-mail was authenticated (DMARC, or an aligned SPF or
 * DKIM pass, or a trusted relay or provider vouching for it). An unverified e-mail is stored and drafted for but bound
 * to no tenant, and the manager sees it marked. Every other message (SMS through the provider's signed webhook, the
 * resident portal, the team's own) is true; so are the rows stored before the check existed.
 */
export class SenderVerifiedMigration extends Migration {
  override name = '20261206200001_sender_verified';

  override up(): void {
    const s = this.config.get('schema') ?? 'messaging';
    this.addSql(`alter table "${s}"."message" add column "sender_verified" boolean not null default true`);
  }

  override down(): void {
    const s = this.config.get('schema') ?? 'messaging';
    this.addSql(`alter table "${s}"."message" drop column if exists "sender_verified"`);
  }
}
