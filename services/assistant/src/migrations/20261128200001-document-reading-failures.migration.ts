import { Migration } from '@mikro-orm/migrations';

/**
 * How many times the queued reading failed (an error other than its time limit or the service stopping): after a few
 * the document gets the fallback instead of being tried again every poll for ever.
 */
export class DocumentReadingFailuresMigration extends Migration {
  override name = '20261128200001_document_reading_failures';

  override up(): void {
    const s = this.config.get('schema') ?? 'assistant';
    this.addSql(`alter table "${s}"."document_text" add column "reading_failures" smallint not null default 0 check ("reading_failures" >= 0)`);
  }

  override down(): void {
    const s = this.config.get('schema') ?? 'assistant';
    this.addSql(`alter table "${s}"."document_text" drop column if exists "reading_failures"`);
  }
}
