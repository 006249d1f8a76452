import { Migration } from '@mikro-orm/migrations';

/**
 * The inbox search (`conversation/inbox/search`): each message's words (subject, sender's name, body) as a tsvector
 * kept by PostgreSQL itself (a stored generated column: every writer of `message`, present and future, keeps it right
 * without knowing of it), with a GIN index. The 'simple' configuration lower-cases without stemming: tenants write in
 * more than one language, and the search matches word prefixes. Built-in full text needs no extension, so the service's
 * own database role can apply it.
 */
export class InboxSearchMigration extends Migration {
  override name = '20261124200130_inbox_search';

  override up(): void {
    const s = this.config.get('schema') ?? 'messaging';
    this.addSql(`alter table "${s}"."message" add column "search_vector" tsvector
      generated always as (to_tsvector('simple'::regconfig, coalesce("subject", '') || ' ' || coalesce("sender_name", '') || ' ' || "body")) stored`);
    this.addSql(`create index "message_search_idx" on "${s}"."message" using gin ("search_vector")`);
  }

  override down(): void {
    const s = this.config.get('schema') ?? 'messaging';
    this.addSql(`drop index if exists "${s}"."message_search_idx"`);
    this.addSql(`alter table "${s}"."message" drop column if exists "search_vector"`);
  }
}
