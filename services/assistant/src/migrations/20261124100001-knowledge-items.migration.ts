import { Migration } from '@mikro-orm/migrations';

/**
 * The assistant's copy of each location's knowledge (portfolio's Q&A items and rules), kept from portfolio's events.
 * A deleted item stays as a row with `deleted_at` (and no text), so an older update delivered after the delete
 * cannot bring it back; `stamp` is the id (UUIDv7, time-ordered) of the event the row reflects.
 */
export class KnowledgeItemsMigration extends Migration {
  override name = '20261124100001_knowledge_items';

  override up(): void {
    const s = this.config.get('schema') ?? 'assistant';
    this.addSql(`create table "${s}"."knowledge_item" (
      "kind" text not null check ("kind" in ('question', 'rule')),
      "source_id" text not null,
      "location_id" text not null,
      "account_id" text not null,
      "title" text not null,
      "body" text not null,
      "text" text not null,
      "updated_at" timestamptz not null,
      "deleted_at" timestamptz null,
      "stamp" text not null,
      primary key ("kind", "source_id")
    )`);
    this.addSql(`create index "knowledge_item_location_idx" on "${s}"."knowledge_item" ("location_id") where "deleted_at" is null`);
  }

  override down(): void {
    const s = this.config.get('schema') ?? 'assistant';
    this.addSql(`drop table if exists "${s}"."knowledge_item"`);
  }
}
