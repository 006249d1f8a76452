import { createHash, randomBytes } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';

/** How long an invitation link opens its landing page. */
export const INVITATION_TTL_DAYS = 60;

const TenantInvitationSchema = defineEntity({
  name: 'TenantInvitation',
  tableName: 'tenant_invitation',
  properties: {
    /** sha256 of the link's token: the token itself exists in the e-mail alone, so a copy of the table opens nothing. */
    tokenHash: p.text().primary().fieldName('token_hash'),
    tenantId: p.uuid().fieldName('tenant_id'),
    createdAt: p.datetime().fieldName('created_at'),
    expiresAt: p.datetime().fieldName('expires_at'),
  },
});

/** The token of one tenant invitation e-mail, which opens the tenant's welcome page until it expires. */
export class TenantInvitation extends TenantInvitationSchema.class {
  static hashOf(token: string): string {
    return createHash('sha256').update(token).digest('hex');
  }

  /** A new 256-bit token for one e-mail (a resent invitation works, and so does the earlier one until it expires). */
  static issue(tenantId: string, now: Date): { invitation: TenantInvitation; token: string } {
    const token = randomBytes(32).toString('base64url');
    const invitation = new TenantInvitation();
    invitation.tokenHash = TenantInvitation.hashOf(token);
    invitation.tenantId = tenantId;
    invitation.createdAt = now;
    invitation.expiresAt = new Date(now.getTime() + INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000);
    return { invitation, token };
  }
}
TenantInvitationSchema.setClass(TenantInvitation);
export { TenantInvitationSchema };
