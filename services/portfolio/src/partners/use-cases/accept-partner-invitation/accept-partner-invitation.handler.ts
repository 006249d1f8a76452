import { Injectable } from '@nestjs/common';
import { sql } from '@mikro-orm/core';
import {
  AcceptPartnerInvitation,
  ALREADY_OWNER,
  can,
  PARTNER_INVITATION_NOT_FOUND,
  PARTNER_INVITATION_ROLE_ELSEWHERE,
  PartnerAdded,
  PartnerRoleChanged,
  type PartnerRole,
  type RequestOf,
} from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { FORBIDDEN, GrantsProjection, type AccessCaller } from '@pm/access';
import { v7 as uuidv7 } from 'uuid';
import { Partner, PartnerLocation } from '../../partner.entity.js';
import { PartnerInvitationRepository } from '../../partner-invitation.repository.js';
import { PartnerRepository } from '../../partner.repository.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

/**
 * POST partner-invitation/{token}/accept: the invitee becomes a partner of the inviting account on the location, in
 * the invited role (a partner's role is one across the account's locations they have, so an existing partner's role
 * becomes this one). PartnerAdded (and PartnerRoleChanged) feed every grants projection; the invitation is used up.
 */
@Injectable()
@UseCase(AcceptPartnerInvitation)
export class AcceptPartnerInvitationHandler implements UseCaseHandler<typeof AcceptPartnerInvitation> {
  constructor(
    private readonly invitations: PartnerInvitationRepository,
    private readonly access: PortfolioAccess,
    private readonly partners: PartnerRepository,
    private readonly grants: GrantsProjection,
  ) {}

  async handle({ token }: RequestOf<typeof AcceptPartnerInvitation>, { em, caller, principal }: UseCaseContext): Promise<{ location_id: string; role: PartnerRole }> {
    const invitation = await this.invitations.pending(em, principal, token);
    // Whoever sent it cannot take it: an admin would otherwise choose their own role.
    if (invitation.invitedBy === caller.userId) throw RpcFailure.forbidden(FORBIDDEN);
    if ((await this.access.grant(em, caller, invitation.locationId))?.role === 'OWNER') throw RpcFailure.conflict(ALREADY_OWNER);
    // The invitation grants with its sender's authority as it is now, not as it was when it was sent: a sender who
    // lost the right to add partners to the location (demoted, removed) has nothing left to give.
    const inviter: AccessCaller = { userId: invitation.invitedBy, accountId: invitation.invitedBy };
    const inviterGrant = await this.access.grant(em, inviter, invitation.locationId);
    if (!inviterGrant || !can(inviterGrant.role, 'partner:write')) throw RpcFailure.notFound(PARTNER_INVITATION_NOT_FOUND);
    const now = new Date();

    let partner =
      (await em.findOne(Partner, { accountId: invitation.accountId, userId: caller.userId })) ??
      (await em.findOne(Partner, { accountId: invitation.accountId, [sql.lower('email')]: invitation.email.toLowerCase() }));
    if (partner && partner.userId !== caller.userId) throw RpcFailure.conflict('A partner with this email already exists');
    if (!partner) {
      partner = em.create(Partner, {
        id: uuidv7(),
        accountId: invitation.accountId,
        userId: caller.userId,
        fullName: invitation.fullName,
        email: invitation.email,
        phone: invitation.phone ?? null,
        role: invitation.role,
        isEmergencyContact: false,
        invitedAt: invitation.createdAt,
        createdAt: now,
        updatedAt: now,
      });
      // The link table has no ORM relation to order inserts by: the partner row goes first.
      await em.flush();
    } else if (partner.role !== invitation.role) {
      // The role is the partner's on all their locations: the sender must administer every one of them.
      if (!(await this.partners.mayChangeRoleOf(em, inviter, partner))) throw RpcFailure.conflict(PARTNER_INVITATION_ROLE_ELSEWHERE);
      const previousRole = partner.role;
      partner.role = invitation.role;
      partner.updatedAt = now;
      await this.grants.record(em, PartnerRoleChanged, { partnerId: partner.id, accountId: partner.accountId, userId: caller.userId, role: partner.role, previousRole });
    }
    if (!(await em.findOne(PartnerLocation, { partnerId: partner.id, locationId: invitation.locationId }))) {
      em.create(PartnerLocation, { partnerId: partner.id, locationId: invitation.locationId });
      await this.grants.record(em, PartnerAdded, {
        partnerId: partner.id,
        accountId: invitation.accountId,
        locationId: invitation.locationId,
        email: partner.email,
        role: partner.role,
        userId: caller.userId,
      });
    }
    em.remove(invitation);
    await this.partners.announce(em, partner);
    return { location_id: invitation.locationId, role: partner.role };
  }
}
