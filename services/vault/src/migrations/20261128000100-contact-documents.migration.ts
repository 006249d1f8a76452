import { Migration } from '@mikro-orm/migrations';

/**
 * Contact documents (spec 002 `GET contacts/{contactId}/documents`):
 * - `contact_directory`: each contact's latest state from portfolio's ContactChanged (account, name, locations; none
 *   once deleted), only a later event (`stamp`, UUIDv7) overwriting it;
 * - `document_contact`: which documents are linked to which contact. Not a `document_tag` kind: the tags are the spec's
 *   five kinds, which PUT vault/documents/{id}/tags replaces as a whole, and a link made from the contact's page must
 *   survive that. Goes with its document.
 */
export class ContactDocumentsMigration extends Migration {
  override name = '20261128000100_contact_documents';

  override up(): void {
    const s = this.config.get('schema') ?? 'vault';
    this.addSql(`create table "${s}"."contact_directory" (
      "contact_id" text primary key,
      "account_id" text not null,
      "full_name" text not null,
      "location_ids" text[] not null,
      "stamp" text not null
    )`);
    this.addSql(`create table "${s}"."document_contact" (
      "document_id" uuid not null references "${s}"."document" ("id") on delete cascade,
      "contact_id" text not null,
      primary key ("document_id", "contact_id")
    )`);
    this.addSql(`create index "document_contact_contact_idx" on "${s}"."document_contact" ("contact_id")`);
  }

  override down(): void {
    const s = this.config.get('schema') ?? 'vault';
    this.addSql(`drop table if exists "${s}"."document_contact"`);
    this.addSql(`drop table if exists "${s}"."contact_directory"`);
  }
}
