import { Migration } from '@mikro-orm/migrations';

/**
 * The manager's AI chat: a user's sessions and their messages. A session belongs to one user (`user_id`, the only
 * reader it has) and one tab; `location_id` is the property location its General questions were narrowed to, if any.
 * Messages go with their session.
 */
export class ManagerChatMigration extends Migration {
  override name = '20261124100010_manager_chat';

  override up(): void {
    const s = this.config.get('schema') ?? 'assistant';
    this.addSql(`create table "${s}"."manager_chat_session" (
      "id" uuid primary key,
      "user_id" text not null,
      "chat_type" text not null check ("chat_type" in ('general', 'documents')),
      "location_id" text null,
      "title" text not null,
      "messages_count" integer not null default 0,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null
    )`);
    this.addSql(`create index "manager_chat_session_user_idx" on "${s}"."manager_chat_session" ("user_id", "updated_at" desc, "id" desc)`);
    this.addSql(`create table "${s}"."manager_chat_message" (
      "id" uuid primary key,
      "session_id" uuid not null references "${s}"."manager_chat_session" ("id") on delete cascade,
      "sender" text not null check ("sender" in ('user', 'system')),
      "content" text not null,
      "chat_type" text not null check ("chat_type" in ('general', 'documents')),
      "status" text not null,
      "sources" jsonb not null default '[]',
      "outcome" text null,
      "created_at" timestamptz not null
    )`);
    this.addSql(`create index "manager_chat_message_session_idx" on "${s}"."manager_chat_message" ("session_id", "created_at", "id")`);
  }

  override down(): void {
    const s = this.config.get('schema') ?? 'assistant';
    this.addSql(`drop table if exists "${s}"."manager_chat_message"`);
    this.addSql(`drop table if exists "${s}"."manager_chat_session"`);
  }
}
