import { Migration } from '@mikro-orm/migrations';

/**
 * Conversations (spec 001 §3 Vendor conversation, Conversation (group)). A conversation is a message session (its
 * thread, unread counts, mark-read and archive are the session's) with a row here saying what kind it is, its title,
 * the location number it talks from and, for a vendor conversation, the vendor partner; a group's phones are in
 * `conversation_participant`. Messages of a group member who is not the team are role `participant`.
 */
export class ConversationsMigration extends Migration {
  override name = '20261124200120_conversations';

  override up(): void {
    const s = this.config.get('schema') ?? 'messaging';
    this.addSql(`alter table "${s}"."message" drop constraint if exists "message_role_check"`);
    this.addSql(`alter table "${s}"."message" add constraint "message_role_check" check ("role" in ('ai', 'tenant', 'property_manager', 'vendor', 'participant'))`);
    this.addSql(`create table "${s}"."conversation" (
      "id" uuid primary key references "${s}"."message_session" ("id"),
      "location_id" text not null,
      "account_id" text not null,
      "kind" text not null check ("kind" in ('vendor', 'group')),
      "friendly_name" text not null,
      "property_phone" text not null,
      "partner_id" text null,
      "created_by" text null,
      "created_at" timestamptz not null,
      check (("kind" = 'vendor') = ("partner_id" is not null))
    )`);
    // One vendor conversation per vendor and location: their texts always land in it.
    this.addSql(`create unique index "conversation_vendor_uq" on "${s}"."conversation" ("location_id", "partner_id") where "kind" = 'vendor'`);
    this.addSql(`create table "${s}"."conversation_participant" (
      "conversation_id" uuid not null references "${s}"."conversation" ("id"),
      "phone" text not null,
      "position" int not null,
      primary key ("conversation_id", "phone")
    )`);
    // The webhook's routing read: the open groups a sender's phone is in.
    this.addSql(`create index "conversation_participant_phone_idx" on "${s}"."conversation_participant" ("phone")`);
    // The webhook's routing read: whether a sender's phone is a partner's (a vendor's, or a group member's name).
    this.addSql(`create index "partner_directory_phone_idx" on "${s}"."partner_directory" ("phone")`);
  }

  override down(): void {
    const s = this.config.get('schema') ?? 'messaging';
    this.addSql(`drop index if exists "${s}"."partner_directory_phone_idx"`);
    this.addSql(`drop table if exists "${s}"."conversation_participant"`);
    this.addSql(`drop table if exists "${s}"."conversation"`);
    this.addSql(`alter table "${s}"."message" drop constraint if exists "message_role_check"`);
    this.addSql(`alter table "${s}"."message" add constraint "message_role_check" check ("role" in ('ai', 'tenant', 'property_manager', 'vendor'))`);
  }
}
