import { Migration } from '@mikro-orm/migrations';

/**
 * `sms_intake`: the SMS webhook's acknowledgement. A signed, valid post is one row here before the provider gets its
 * 200; routing (the number's location, the sender's tenant and session, the message, its draft and its events) runs
 * just after, in batches, and deletes the row (see sms-intake.ts). The provider's id is the key, so a redelivery
 * while the row waits is stored once. `next_attempt_at` is when a row still here is taken up again by the sweep:
 * its acknowledging process has had the time to route it (a crash, a failed batch), or a retry's backoff is over.
 */
export class SmsIntakeMigration extends Migration {
  override name = '20261129200001_sms_intake';

  override up(): void {
    const s = this.config.get('schema') ?? 'messaging';
    this.addSql(`create table "${s}"."sms_intake" (
      "provider" text not null,
      "message_sid" text not null,
      "from_address" text not null,
      "to_address" text not null,
      "body" text not null,
      "media" jsonb not null,
      "received_at" timestamptz not null,
      "attempts" integer not null default 0,
      "next_attempt_at" timestamptz not null,
      "last_error" text,
      primary key ("provider", "message_sid")
    )`);
  }

  override down(): void {
    const s = this.config.get('schema') ?? 'messaging';
    this.addSql(`drop table if exists "${s}"."sms_intake"`);
  }
}
