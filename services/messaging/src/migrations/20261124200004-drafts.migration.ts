import { Migration } from '@mikro-orm/migrations';

/**
 * The AI drafts of replies: one row per version of a message's draft, never updated once complete, so every draft,
 * regeneration and edit stays for the audit trail. The current draft is the highest version. A version the assistant
 * is asked for is `pending` until its answer fills it, once.
 */
export class DraftsMigration extends Migration {
  override name = '20261124200004_drafts';

  override up(): void {
    const s = this.config.get('schema') ?? 'messaging';
    this.addSql(`create table "${s}"."message_draft" (
      "id" uuid primary key,
      "message_id" uuid not null references "${s}"."message" ("id") on delete cascade,
      "version" integer not null,
      "origin" text not null check ("origin" in ('ai', 'regenerate', 'edit')),
      "status" text not null check ("status" in ('pending', 'ready', 'failed')),
      "reply" text null,
      "language" text null,
      "urgent" boolean not null default false,
      "intent" text null,
      "confidence" real null,
      "sources" jsonb not null default '[]'::jsonb,
      "outcome" text null,
      "flagged_for_manager" boolean not null default false,
      "failure" text null,
      "requested_by" text null,
      "edited_by" text null,
      "created_at" timestamptz not null,
      "completed_at" timestamptz null,
      constraint "message_draft_version_unique" unique ("message_id", "version")
    )`);
  }

  override down(): void {
    const s = this.config.get('schema') ?? 'messaging';
    this.addSql(`drop table if exists "${s}"."message_draft"`);
  }
}
