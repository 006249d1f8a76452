import { Migration } from '@mikro-orm/migrations';

/**
 * The links of tenant invitation e-mails: only the sha256 of each token is kept, so a copy of the table opens no
 * landing page; a row expires 60 days after its e-mail and goes with its tenant.
 */
export class TenantInvitationsMigration extends Migration {
  override name = '20261124000002_tenant_invitations';

  override up(): void {
    const s = this.config.get('schema') ?? 'portfolio';
    this.addSql(`create table "${s}"."tenant_invitation" (
      "token_hash" text primary key,
      "tenant_id" uuid not null references "${s}"."tenant" ("id") on delete cascade,
      "created_at" timestamptz not null,
      "expires_at" timestamptz not null
    )`);
    this.addSql(`create index "tenant_invitation_tenant_idx" on "${s}"."tenant_invitation" ("tenant_id")`);
  }

  override down(): void {
    const s = this.config.get('schema') ?? 'portfolio';
    this.addSql(`drop table if exists "${s}"."tenant_invitation"`);
  }
}
