import { Migration } from '@mikro-orm/migrations';

/**
 * Sending: a reply is a message of its thread (`direction = 'outbound'`, status `outgoing`: where it is on its way is
 * its delivery's state in `outbound_delivery`, never copied), a session remembers being archived (the Sent lists'
 * Archived chip, spec 001 §4), and the sandbox carrier keeps the delivery it carried so a retried send after a crash
 * delivers nothing twice. `auto_send_setting` holds what the owner allowed to go out without an approval, per
 * location and intent (off unless a row says on).
 */
export class SendingMigration extends Migration {
  override name = '20261124200010_sending';

  override up(): void {
    const s = this.config.get('schema') ?? 'messaging';
    this.addSql(`alter table "${s}"."message" drop constraint if exists "message_status_check"`);
    this.addSql(`alter table "${s}"."message" add constraint "message_status_check" check ("status" in ('received', 'unrouted', 'outgoing'))`);
    this.addSql(`alter table "${s}"."message_session" add column "archived_at" timestamptz null`);
    this.addSql(`alter table "${s}"."sandbox_phone_message" add column "delivery_id" uuid null`);
    this.addSql(`create unique index "sandbox_phone_message_delivery_uq" on "${s}"."sandbox_phone_message" ("delivery_id")`);
    // The Sent lists: a location's sends on one channel, newest first, by the message they are.
    this.addSql(`create index "outbound_delivery_message_idx" on "${s}"."outbound_delivery" ("message_id") where "message_id" is not null`);
    this.addSql(`create table "${s}"."auto_send_setting" (
      "location_id" text not null,
      "account_id" text not null,
      "intent" text not null,
      "enabled" boolean not null,
      "updated_by" text not null,
      "updated_at" timestamptz not null,
      primary key ("location_id", "intent")
    )`);
  }

  override down(): void {
    const s = this.config.get('schema') ?? 'messaging';
    this.addSql(`drop table if exists "${s}"."auto_send_setting"`);
    this.addSql(`drop index if exists "${s}"."outbound_delivery_message_idx"`);
    this.addSql(`drop index if exists "${s}"."sandbox_phone_message_delivery_uq"`);
    this.addSql(`alter table "${s}"."sandbox_phone_message" drop column "delivery_id"`);
    this.addSql(`alter table "${s}"."message_session" drop column "archived_at"`);
    this.addSql(`alter table "${s}"."message" drop constraint if exists "message_status_check"`);
    this.addSql(`alter table "${s}"."message" add constraint "message_status_check" check ("status" in ('received', 'unrouted'))`);
  }
}
