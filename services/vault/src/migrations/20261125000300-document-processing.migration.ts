import { Migration } from '@mikro-orm/migrations';

/**
 * The processing pipeline's columns: who wrote the summary (the model or the assistant's fallback), and until when a
 * document whose text is read (READY) waits for the assistant's insights before it is finished without them.
 */
export class DocumentProcessingMigration extends Migration {
  override name = '20261125000300_document_processing';

  override up(): void {
    const s = this.config.get('schema') ?? 'vault';
    this.addSql(`alter table "${s}"."document" add column "summary_outcome" text null check ("summary_outcome" in ('model', 'fallback'))`);
    this.addSql(`alter table "${s}"."document" add column "insights_due_at" timestamptz null`);
    this.addSql(`create index "document_insights_due_idx" on "${s}"."document" ("insights_due_at") where "status" = 'READY'`);
  }

  override down(): void {
    const s = this.config.get('schema') ?? 'vault';
    this.addSql(`drop index if exists "${s}"."document_insights_due_idx"`);
    this.addSql(`alter table "${s}"."document" drop column if exists "insights_due_at", drop column if exists "summary_outcome"`);
  }
}
