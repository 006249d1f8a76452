import { Migration } from '@mikro-orm/migrations';

/**
 * The documents waiting to be read, kept on their text copy: the lane (a person waiting first), when the reading was
 * asked for, what it needs beyond the pages, and until when a reader holds it. Existing copies have nothing to read.
 */
export class DocumentReadingQueueMigration extends Migration {
  override name = '20261128100001_document_reading_queue';

  override up(): void {
    const s = this.config.get('schema') ?? 'assistant';
    this.addSql(`alter table "${s}"."document_text"
      add column "reading_lane" smallint null check ("reading_lane" between 0 and 1),
      add column "reading_queued_at" timestamptz null,
      add column "reading_input" jsonb null,
      add column "reading_claimed_until" timestamptz null`);
    this.addSql(`create index "document_text_reading_idx" on "${s}"."document_text" ("reading_lane", "reading_queued_at") where "reading_lane" is not null`);
  }

  override down(): void {
    const s = this.config.get('schema') ?? 'assistant';
    this.addSql(`drop index if exists "${s}"."document_text_reading_idx"`);
    this.addSql(`alter table "${s}"."document_text" drop column if exists "reading_lane", drop column if exists "reading_queued_at",
      drop column if exists "reading_input", drop column if exists "reading_claimed_until"`);
  }
}
