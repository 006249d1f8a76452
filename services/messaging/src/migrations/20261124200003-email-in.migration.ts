import { Migration } from '@mikro-orm/migrations';

/**
 * E-mail in: the copy of portfolio's generated location addresses the SMTP receiver routes by, tenants' e-mail
 * addresses beside their phones, and what an e-mail message keeps (its subject and where its raw MIME lies in storage). A Message-ID is unique per location (the same
 * message sent to two locations is one message each), where a provider's SMS id stays unique per provider.
 */
export class EmailInMigration extends Migration {
  override name = '20261124200003_email_in';

  override up(): void {
    const s = this.config.get('schema') ?? 'messaging';
    this.addSql(`create table "${s}"."location_email_address" (
      "email" text primary key,
      "location_id" text not null,
      "account_id" text not null,
      "owner_user_id" text not null,
      "stamp" text not null
    )`);
    this.addSql(`alter table "${s}"."message" add column "subject" text null, add column "raw_key" text null`);
    // A writing tenant is known by their e-mail as by their phone (portfolio's tenant events carry both).
    this.addSql(`alter table "${s}"."tenant_directory" add column "emails" text[] not null default '{}'`);
    this.addSql(`create index "tenant_directory_email_idx" on "${s}"."tenant_directory" using gin ("emails")`);
    this.addSql(`alter table "${s}"."message" drop constraint "message_external_unique"`);
    this.addSql(`create unique index "message_sms_external_uq" on "${s}"."message" ("provider", "external_id") where "channel" = 'sms'`);
    this.addSql(`create unique index "message_email_external_uq" on "${s}"."message" ("location_id", "external_id") where "channel" = 'email'`);
  }

  override down(): void {
    const s = this.config.get('schema') ?? 'messaging';
    this.addSql(`drop index if exists "${s}"."message_email_external_uq"`);
    this.addSql(`drop index if exists "${s}"."message_sms_external_uq"`);
    this.addSql(`alter table "${s}"."message" add constraint "message_external_unique" unique ("provider", "external_id")`);
    this.addSql(`alter table "${s}"."message" drop column "subject", drop column "raw_key"`);
    this.addSql(`alter table "${s}"."tenant_directory" drop column "emails"`);
    this.addSql(`drop table if exists "${s}"."location_email_address"`);
  }
}
