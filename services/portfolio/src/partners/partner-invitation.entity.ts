import { createHash, randomBytes } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import { PARTNER_ROLES, type PartnerInvitation as PartnerInvitationView } from '@pm/contracts';

/** How long a partner invitation's link can be accepted. */
export const PARTNER_INVITATION_TTL_DAYS = 14;

const PartnerInvitationSchema = defineEntity({
  name: 'PartnerInvitation',
  tableName: 'partner_invitation',
  properties: {
    id: p.uuid().primary(),
    /** The account that owns the location. */
    accountId: p.string().fieldName('account_id'),
    locationId: p.uuid().fieldName('location_id'),
    /** The user who sent it (the owner or an admin partner). */
    invitedBy: p.string().fieldName('invited_by'),
    invitedByEmail: p.text().nullable().fieldName('invited_by_email'),
    fullName: p.text().fieldName('full_name'),
    email: p.text(),
    phone: p.text().nullable(),
    role: p.enum(PARTNER_ROLES),
    /** sha256 of the link's token: the token exists in the e-mail alone, so a copy of the table accepts nothing. */
    tokenHash: p.text().unique().fieldName('token_hash'),
    createdAt: p.datetime().fieldName('created_at'),
    expiresAt: p.datetime().fieldName('expires_at'),
  },
});

/**
 * A pending invitation to a role on one location. It grants nothing: accepting it (by the user signed in with the
 * invited e-mail) makes the partner and records PartnerAdded; accepting, declining or revoking deletes it.
 */
export class PartnerInvitation extends PartnerInvitationSchema.class {
  static hashOf(token: string): string {
    return createHash('sha256').update(token).digest('hex');
  }

  /** A new 256-bit token; the caller stores the entity and e-mails the token. */
  static newToken(): { token: string; tokenHash: string } {
    const token = randomBytes(32).toString('base64url');
    return { token, tokenHash: PartnerInvitation.hashOf(token) };
  }

  isExpired(now: Date): boolean {
    return this.expiresAt.getTime() <= now.getTime();
  }

  toView(): PartnerInvitationView {
    return {
      id: this.id,
      full_name: this.fullName,
      email: this.email,
      phone: this.phone ?? null,
      role: this.role,
      location_id: this.locationId,
      status: 'PENDING',
      invited_at: this.createdAt.toISOString(),
      expires_at: this.expiresAt.toISOString(),
    };
  }
}
PartnerInvitationSchema.setClass(PartnerInvitation);
export { PartnerInvitationSchema };
