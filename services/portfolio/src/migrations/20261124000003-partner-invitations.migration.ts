import { Migration } from '@mikro-orm/migrations';

/**
 * Partner invitations: adding a partner no longer grants anything until the invitee accepts. Only the sha256 of each
 * link's token is kept. Partners added before this who never had a user (nobody consented, nobody could act) become
 * pending invitations of the same location and role, with a token nobody holds: the inviter sees them and can
 * revoke them or invite again (a new e-mail and link).
 */
export class PartnerInvitationsMigration extends Migration {
  override name = '20261124000003_partner_invitations';

  override up(): void {
    const s = this.config.get('schema') ?? 'portfolio';
    this.addSql(`create table "${s}"."partner_invitation" (
      "id" uuid primary key,
      "account_id" text not null,
      "location_id" uuid not null references "${s}"."property_location" ("id") on delete cascade,
      "invited_by" text not null,
      "invited_by_email" text null,
      "full_name" text not null,
      "email" text not null,
      "phone" text null,
      "role" text not null,
      "token_hash" text not null unique,
      "created_at" timestamptz not null,
      "expires_at" timestamptz not null
    )`);
    this.addSql(`create index "partner_invitation_location_idx" on "${s}"."partner_invitation" ("location_id", "created_at")`);
    this.addSql(`insert into "${s}"."partner_invitation"
      (id, account_id, location_id, invited_by, full_name, email, phone, role, token_hash, created_at, expires_at)
      select gen_random_uuid(), p.account_id, pl.location_id, p.account_id, p.full_name, p.email, p.phone, p.role,
             encode(sha256(convert_to(gen_random_uuid()::text, 'UTF8')), 'hex'), coalesce(p.invited_at, p.created_at), now() + interval '14 days'
        from "${s}"."partner" p join "${s}"."partner_location" pl on pl.partner_id = p.id
       where p.user_id is null`);
    this.addSql(`delete from "${s}"."partner" where user_id is null`);
  }

  override down(): void {
    const s = this.config.get('schema') ?? 'portfolio';
    this.addSql(`drop table if exists "${s}"."partner_invitation"`);
  }
}
