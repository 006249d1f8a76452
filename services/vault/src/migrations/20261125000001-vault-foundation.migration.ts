import { Migration } from '@mikro-orm/migrations';

/**
 * The vault's tables: folders (a tree per location, system folders marked by their kind), documents (one row per
 * document and location; the file's bytes live in MinIO under `storage_key`, never named after the user's file),
 * their pages' extracted text (full-text searchable), their tags, the facts extracted from them with the sentence
 * each came from, and files staged in a cloud drive for import.
 */
export class VaultFoundationMigration extends Migration {
  override name = '20261125000001_vault_foundation';

  override up(): void {
    const s = this.config.get('schema') ?? 'vault';
    this.addSql(`create table "${s}"."folder" (
      "id" uuid primary key,
      "account_id" text not null,
      "location_id" text not null,
      "parent_folder_id" uuid null references "${s}"."folder" ("id"),
      "name" text not null,
      "description" text null,
      "system_kind" text null check ("system_kind" in ('email_attachments')),
      "created_by" text null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null
    )`);
    // Names are unique among siblings, whatever their case ("Leases" and "leases" would be indistinguishable).
    this.addSql(`create unique index "folder_sibling_name_unique" on "${s}"."folder" ("location_id", coalesce("parent_folder_id", '00000000-0000-0000-0000-000000000000'::uuid), lower("name"))`);
    this.addSql(`create unique index "folder_system_kind_unique" on "${s}"."folder" ("location_id", "system_kind") where "system_kind" is not null`);
    this.addSql(`create index "folder_parent_idx" on "${s}"."folder" ("parent_folder_id")`);

    this.addSql(`create table "${s}"."document" (
      "id" uuid primary key,
      "account_id" text not null,
      "location_id" text null,
      "folder_id" uuid null references "${s}"."folder" ("id") on delete set null,
      "building_id" text null,
      "unit_id" text null,
      "tenant_id" text null,
      "contact_id" text null,
      "original_name" text not null,
      "mime_type" text not null,
      "size" bigint not null check ("size" >= 0),
      "sha256" text not null check ("sha256" ~ '^[0-9a-f]{64}$'),
      "storage_key" text not null,
      "preview_key" text null,
      "status" text not null check ("status" in ('NEW', 'PROCESSING', 'PENDING', 'READY', 'COMPLETED', 'PROCESSED', 'FAILED', 'DELETING', 'DELETED')),
      "progress" integer not null default 0 check ("progress" between 0 and 100),
      "category_id" integer null,
      "category_chosen" boolean not null default false,
      "data_type" text not null,
      "source" text not null check ("source" in ('upload', 'entity', 'email', 'cloud_drive', 'demo')),
      "message_id" text null,
      "attachment_id" text null,
      "page_count" integer null,
      "failure_reason" text null,
      "summary" text null,
      "attempt" integer not null default 1,
      "created_by" text null,
      "created_at" timestamptz not null,
      "updated_at" timestamptz not null,
      "processed_at" timestamptz null,
      "deleted_at" timestamptz null,
      "name_search" tsvector generated always as (to_tsvector('simple', regexp_replace("original_name", '[._-]+', ' ', 'g'))) stored
    )`);
    // The same bytes are stored once per location (and once among an account's documents awaiting a location).
    this.addSql(`create unique index "document_location_sha256_unique" on "${s}"."document" ("location_id", "sha256") where "deleted_at" is null and "location_id" is not null`);
    this.addSql(`create unique index "document_pending_sha256_unique" on "${s}"."document" ("account_id", "sha256") where "deleted_at" is null and "location_id" is null`);
    // An e-mail's attachment is filed once, however often its event is delivered.
    this.addSql(`create unique index "document_attachment_unique" on "${s}"."document" ("message_id", "attachment_id") where "attachment_id" is not null`);
    this.addSql(`create index "document_location_list_idx" on "${s}"."document" ("location_id", "created_at" desc, "id" desc) where "deleted_at" is null`);
    this.addSql(`create index "document_folder_idx" on "${s}"."document" ("folder_id") where "deleted_at" is null`);
    this.addSql(`create index "document_storage_key_idx" on "${s}"."document" ("storage_key")`);
    this.addSql(`create index "document_name_search_idx" on "${s}"."document" using gin ("name_search")`);

    this.addSql(`create table "${s}"."document_page" (
      "document_id" uuid not null references "${s}"."document" ("id") on delete cascade,
      "page_number" integer not null check ("page_number" >= 1),
      "text" text not null,
      "ocr" boolean not null default false,
      "search" tsvector generated always as (to_tsvector('english', "text")) stored,
      primary key ("document_id", "page_number")
    )`);
    this.addSql(`create index "document_page_search_idx" on "${s}"."document_page" using gin ("search")`);

    this.addSql(`create table "${s}"."document_tag" (
      "document_id" uuid not null references "${s}"."document" ("id") on delete cascade,
      "kind" text not null check ("kind" in ('property_location', 'building', 'unit', 'tenant', 'property_manager')),
      "target_id" text not null,
      primary key ("document_id", "kind", "target_id")
    )`);
    this.addSql(`create index "document_tag_target_idx" on "${s}"."document_tag" ("kind", "target_id")`);

    this.addSql(`create table "${s}"."document_extraction" (
      "id" uuid primary key,
      "document_id" uuid not null references "${s}"."document" ("id") on delete cascade,
      "field" text not null,
      "value" jsonb not null,
      "page_number" integer null,
      "sentence" text null,
      "span_start" integer null,
      "span_end" integer null,
      "derived" boolean not null default false,
      "source" text not null check ("source" in ('parser', 'model')),
      "created_at" timestamptz not null
    )`);
    this.addSql(`create index "document_extraction_document_idx" on "${s}"."document_extraction" ("document_id", "field")`);

    this.addSql(`create table "${s}"."staged_file" (
      "id" uuid primary key,
      "account_id" text not null,
      "provider" text not null check ("provider" in ('local', 'google_drive')),
      "external_id" text not null,
      "original_name" text not null,
      "mime_type" text not null,
      "file_size" bigint not null,
      "folder_path" text not null,
      "web_view_link" text null,
      "created_at" timestamptz not null,
      "assigned_document_id" uuid null,
      constraint "staged_file_external_unique" unique ("account_id", "provider", "external_id")
    )`);
  }

  override down(): void {
    const s = this.config.get('schema') ?? 'vault';
    for (const table of ['staged_file', 'document_extraction', 'document_tag', 'document_page', 'document', 'folder']) this.addSql(`drop table if exists "${s}"."${table}"`);
  }
}
