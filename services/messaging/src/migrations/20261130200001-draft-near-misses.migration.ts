import { Migration } from '@mikro-orm/migrations';

/**
 * `message_draft.near_misses`: the knowledge items the assistant found near the message but did not judge to answer
 * it, kept as `sources` is (the item's kind, id, title and score, as they were when the draft was made). Versions
 * stored before have none.
 */
export class DraftNearMissesMigration extends Migration {
  override name = '20261130200001_draft_near_misses';

  override up(): void {
    const s = this.config.get('schema') ?? 'messaging';
    this.addSql(`alter table "${s}"."message_draft" add column "near_misses" jsonb not null default '[]'::jsonb`);
  }

  override down(): void {
    const s = this.config.get('schema') ?? 'messaging';
    this.addSql(`alter table "${s}"."message_draft" drop column if exists "near_misses"`);
  }
}
