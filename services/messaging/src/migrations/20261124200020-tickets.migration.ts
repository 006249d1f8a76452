import { Migration } from '@mikro-orm/migrations';

/**
 * Tickets and the directories they need, copied from other contexts' events (no call on the consumer's path):
 *
 * - `partner_directory`: each partner's whole state from portfolio's PartnerUpdated (name, e-mail, E.164 phone, role,
 *   emergency flag, user, locations), whom an urgent message notifies and whose name a ticket's assignee shows;
 * - `user_directory`: a user's e-mail and name from identity's UserRegistered, the owner's address when a location
 *   has no emergency contact and the owner's name as an assignee;
 * - `location_directory`: a location's name, address and owner from portfolio's location events, named in a
 *   notification.
 * Each row keeps the id of the event it reflects (`stamp`, UUIDv7) and only a later event overwrites it.
 *
 * `ticket`: one per inbound message at most (`message_id` unique), opened when its draft comes back urgent or with a
 * maintenance intent; resolved once for good (`resolved_at`), assigned to a user who answers the location's messages.
 */
export class TicketsMigration extends Migration {
  override name = '20261124200020_tickets';

  override up(): void {
    const s = this.config.get('schema') ?? 'messaging';
    this.addSql(`create table "${s}"."partner_directory" (
      "partner_id" text primary key,
      "account_id" text not null,
      "user_id" text null,
      "full_name" text not null,
      "email" text not null,
      "phone" text null,
      "role" text not null,
      "is_emergency_contact" boolean not null,
      "location_ids" text[] not null,
      "stamp" text not null
    )`);
    this.addSql(`create index "partner_directory_locations_idx" on "${s}"."partner_directory" using gin ("location_ids")`);
    this.addSql(`create table "${s}"."user_directory" (
      "user_id" text primary key,
      "email" text not null,
      "full_name" text not null,
      "stamp" text not null
    )`);
    this.addSql(`create table "${s}"."location_directory" (
      "location_id" text primary key,
      "account_id" text not null,
      "owner_user_id" text null,
      "name" text not null,
      "address_text" text not null,
      "stamp" text not null,
      "owner_stamp" text null
    )`);
    this.addSql(`create table "${s}"."ticket" (
      "id" uuid primary key,
      "account_id" text not null,
      "location_id" text not null,
      "message_id" uuid not null references "${s}"."message" ("id"),
      "intent" text null,
      "urgent" boolean not null,
      "assigned_to" text null,
      "resolved_at" timestamptz null,
      "resolved_by" text null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      constraint "ticket_message_uq" unique ("message_id")
    )`);
    this.addSql(`create index "ticket_location_idx" on "${s}"."ticket" ("location_id", ("resolved_at" is null), "created_at" desc, "id" desc)`);
  }

  override down(): void {
    const s = this.config.get('schema') ?? 'messaging';
    this.addSql(`drop table if exists "${s}"."ticket"`);
    this.addSql(`drop table if exists "${s}"."location_directory"`);
    this.addSql(`drop table if exists "${s}"."user_directory"`);
    this.addSql(`drop table if exists "${s}"."partner_directory"`);
  }
}
