import { Migration } from '@mikro-orm/migrations';

/**
 * The inbox's state of each inbound message (spec 001 §3 Inbox item: urgent, replied to, archived) and the team's
 * read state, kept on the message row itself so that every inbox list, filter and count is one indexed query of one
 * table, consistent with the webhook's own transaction: a message is on the inbox as soon as its 200 is sent.
 */
export class InboxMigration extends Migration {
  override name = '20261124200002_inbox';

  override up(): void {
    const s = this.config.get('schema') ?? 'messaging';
    this.addSql(`alter table "${s}"."message"
      add column "urgent" boolean not null default false,
      add column "replied_at" timestamptz null,
      add column "archived_at" timestamptz null,
      add column "read_at" timestamptz null,
      add column "read_by" text null,
      add column "updated_at" timestamptz null`);
    this.addSql(`update "${s}"."message" set "updated_at" = "received_at"`);
    this.addSql(`alter table "${s}"."message" alter column "updated_at" set not null`);
    this.addSql(`alter table "${s}"."message_session" add column "subject" text null`);

    // The Inbound Messages list: a location's routed inbound messages, newest first (keyset on received_at, id).
    this.addSql(`create index "message_inbox_idx" on "${s}"."message" ("location_id", "received_at" desc, "id" desc)
      where "direction" = 'inbound' and "status" = 'received'`);
    // The unread badge, polled every 30 s by every manager: a count over the unread rows alone.
    this.addSql(`create index "message_unread_idx" on "${s}"."message" ("location_id", "session_id")
      where "direction" = 'inbound' and "status" = 'received' and "read_at" is null`);
    // A thread, a page at a time from the newest back.
    this.addSql(`drop index if exists "${s}"."message_session_idx"`);
    this.addSql(`create index "message_thread_idx" on "${s}"."message" ("session_id", "received_at" desc, "id" desc)`);
    // The session drawer: a location's sessions, the most recently active first.
    this.addSql(`create index "message_session_activity_idx" on "${s}"."message_session" ("location_id", "updated_at" desc, "id" desc)`);
  }

  override down(): void {
    const s = this.config.get('schema') ?? 'messaging';
    for (const index of ['message_inbox_idx', 'message_unread_idx', 'message_thread_idx', 'message_session_activity_idx']) this.addSql(`drop index if exists "${s}"."${index}"`);
    this.addSql(`create index "message_session_idx" on "${s}"."message" ("session_id", "received_at")`);
    this.addSql(`alter table "${s}"."message_session" drop column if exists "subject"`);
    this.addSql(`alter table "${s}"."message" drop column "urgent", drop column "replied_at", drop column "archived_at", drop column "read_at", drop column "read_by", drop column "updated_at"`);
  }
}
