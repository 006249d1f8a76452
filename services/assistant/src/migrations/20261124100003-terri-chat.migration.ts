import { Migration } from '@mikro-orm/migrations';

/**
 * Terri's chat channels: one row per message, the person's (`user`) or Terri's reply (`admin`, pointing at the
 * message it answers; at most one reply per message, so a redelivered event cannot answer twice).
 */
export class TerriChatMigration extends Migration {
  override name = '20261124100003_terri_chat';

  override up(): void {
    const s = this.config.get('schema') ?? 'assistant';
    this.addSql(`create table "${s}"."chat_message" (
      "id" uuid primary key,
      "user_id" text not null,
      "role" text not null check ("role" in ('user', 'admin')),
      "text" text not null,
      "reply_to" uuid null references "${s}"."chat_message" ("id") on delete cascade,
      "rating" text null check ("rating" in ('positive', 'negative')),
      "sources" jsonb not null default '[]',
      "outcome" text null check ("outcome" in ('answered', 'cited-facts', 'not-covered', 'unavailable')),
      "asker_context" jsonb null,
      "created_at" timestamptz not null
    )`);
    this.addSql(`create index "chat_message_channel_idx" on "${s}"."chat_message" ("user_id", "created_at" desc, "id" desc)`);
    this.addSql(`create unique index "chat_message_reply_idx" on "${s}"."chat_message" ("reply_to") where "reply_to" is not null`);
  }

  override down(): void {
    const s = this.config.get('schema') ?? 'assistant';
    this.addSql(`drop table if exists "${s}"."chat_message"`);
  }
}
