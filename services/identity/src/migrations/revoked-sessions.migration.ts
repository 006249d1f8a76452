import { Migration } from '@mikro-orm/migrations';

/**
 * Sessions ended before their access tokens expire (sign-out, password change, a replayed refresh token). Every
 * verifier polls this list and refuses access tokens of these sessions (`sid` claim), so ending a session does not
 * wait for its access tokens to run out. Rows older than an access token's lifetime are useless and trimmed.
 */
export class RevokedSessionsMigration extends Migration {
  override name = '20261124000000_revoked_sessions';

  override up(): void {
    const s = `"${this.config.get('schema') ?? 'identity'}"`;
    this.addSql(`create table ${s}."revoked_sessions" (
      "session_id" text primary key,
      "user_id" text not null,
      "revoked_at" timestamptz not null
    )`);
    this.addSql(`create index "revoked_sessions_revoked_at_idx" on ${s}."revoked_sessions" ("revoked_at")`);
  }

  override down(): void {
    const s = `"${this.config.get('schema') ?? 'identity'}"`;
    this.addSql(`drop table if exists ${s}."revoked_sessions"`);
  }
}
