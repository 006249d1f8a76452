import { Migration } from '@mikro-orm/migrations';

/**
 * E-mail attachments: each stored attachment of an inbound e-mail, written in the transaction that stores its message.
 * The same file sent to two locations is one object in storage and one row per message (each location's own record).
 */
export class EmailAttachmentsMigration extends Migration {
  override name = '20261124200060_email_attachments';

  override up(): void {
    const s = this.config.get('schema') ?? 'messaging';
    this.addSql(`create table "${s}"."message_attachment" (
      "id" uuid primary key,
      "message_id" uuid not null references "${s}"."message" ("id") on delete cascade,
      "position" smallint not null,
      "file_name" text not null,
      "content_type" text not null,
      "size" bigint not null check ("size" > 0),
      "sha256" text not null,
      "storage_key" text not null,
      "created_at" timestamptz not null
    )`);
    this.addSql(`create unique index "message_attachment_message_position_uq" on "${s}"."message_attachment" ("message_id", "position")`);
  }

  override down(): void {
    const s = this.config.get('schema') ?? 'messaging';
    this.addSql(`drop table if exists "${s}"."message_attachment"`);
  }
}
