import { Migration } from '@mikro-orm/migrations';

/** The assistant's copy of each vault document's text, page by page, for the document chat. */
export class DocumentTextsMigration extends Migration {
  override name = '20261125100001_document_texts';

  override up(): void {
    const s = this.config.get('schema') ?? 'assistant';
    this.addSql(`create table "${s}"."document_text" (
      "document_id" text primary key,
      "attempt" integer not null,
      "location_id" text null,
      "account_id" text not null,
      "file_name" text not null,
      "updated_at" timestamptz not null
    )`);
    this.addSql(`create table "${s}"."document_text_page" (
      "document_id" text not null references "${s}"."document_text" ("document_id") on delete cascade,
      "page_number" integer not null,
      "text" text not null,
      primary key ("document_id", "page_number")
    )`);
  }

  override down(): void {
    const s = this.config.get('schema') ?? 'assistant';
    this.addSql(`drop table if exists "${s}"."document_text_page"`);
    this.addSql(`drop table if exists "${s}"."document_text"`);
  }
}
