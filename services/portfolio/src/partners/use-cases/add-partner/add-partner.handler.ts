import { Inject, Injectable, Logger } from '@nestjs/common';
import { sql } from '@mikro-orm/core';
import { AddPartner, PARTNER_ROLE_ELSEWHERE, partnerMessages, type PartnerInvitation as PartnerInvitationView, type RequestOf } from '@pm/contracts';
import { MAIL_SENDER, type MailSender } from '@pm/mail';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { v7 as uuidv7 } from 'uuid';
import { FORBIDDEN } from '@pm/access';
import { PORTFOLIO_CONFIG, type PortfolioConfig } from '../../../config/portfolio-env.js';
import { PARTNER_INVITATION_TTL_DAYS, PartnerInvitation } from '../../partner-invitation.entity.js';
import { partnerInvitation } from '../../partner-invitation.js';
import { givenRole } from '../../partner.validation.js';
import { PartnerRepository } from '../../partner.repository.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';
import { PlanLimits } from '../../../plans/plan-limits.js';

/**
 * POST property-manager/with-user: invites a person to a role on one of the account's locations. Nothing is looked
 * up about the address (the answer and the e-mail are the same for a registered and an unknown one) and nothing is
 * granted: the invitee accepts from the e-mail's link. Inviting the same address to the same location again replaces
 * the pending invitation (a new link; the earlier one stops working).
 */
@Injectable()
@UseCase(AddPartner)
export class AddPartnerHandler implements UseCaseHandler<typeof AddPartner> {
  private readonly logger = new Logger('AddPartner');

  constructor(
    private readonly access: PortfolioAccess,
    private readonly partners: PartnerRepository,
    @Inject(MAIL_SENDER) private readonly mail: MailSender,
    @Inject(PORTFOLIO_CONFIG) private readonly config: PortfolioConfig,
    private readonly limits: PlanLimits,
  ) {}

  async handle(input: RequestOf<typeof AddPartner>, { em, caller, principal }: UseCaseContext): Promise<PartnerInvitationView> {
    const { location } = await this.access.require(em, caller, input.locationId ?? '', 'partner:write');
    const role = givenRole(input.role);
    // A role is account-wide across a partner's locations: an admin inviting themselves could raise their role elsewhere.
    if (principal.email && principal.email.toLowerCase() === input.email.toLowerCase()) throw RpcFailure.forbidden(FORBIDDEN);
    // Accepting in another role would change an existing partner's role on all their locations: refused now, while the
    // inviter can still act on it, when those go beyond what the inviter administers (and checked again on accepting,
    // which also covers a partner known by another e-mail). This tells the inviter only about the account's own
    // partners, which its owner sees anyway; nothing about who has an account on the platform.
    const existing = await this.partners.byAccountAndEmail(em, location.accountId, input.email);
    if (existing && existing.role !== role && !(await this.partners.mayChangeRoleOf(em, caller, existing))) {
      throw RpcFailure.forbidden(PARTNER_ROLE_ELSEWHERE);
    }

    // The plan's users (409 `plan_limit`), before anything is replaced or sent.
    await this.limits.requireUserRoom(em, location.accountId, input.email);
    await em.nativeDelete(PartnerInvitation, { locationId: location.id, [sql.lower('email')]: input.email.toLowerCase() });
    const now = new Date();
    const { token, tokenHash } = PartnerInvitation.newToken();
    const invitation = em.create(PartnerInvitation, {
      id: uuidv7(),
      accountId: location.accountId,
      locationId: location.id,
      invitedBy: caller.userId,
      invitedByEmail: principal.email ?? null,
      fullName: input.fullName,
      email: input.email,
      phone: input.phone,
      role,
      tokenHash,
      createdAt: now,
      expiresAt: new Date(now.getTime() + PARTNER_INVITATION_TTL_DAYS * 86_400_000),
    });
    await em.flush();

    // Sent before the transaction commits: when the mail cannot go out (the provider is down or refuses it), the
    // caller hears so, nothing is stored and they may try again. The provider's own words stay in the service's log.
    const mail = partnerInvitation({
      to: invitation.email,
      fullName: invitation.fullName,
      role,
      locationName: location.name,
      inviterEmail: invitation.invitedByEmail ?? null,
      publicWebUrl: this.config.PUBLIC_WEB_URL,
      token,
      expiresAt: invitation.expiresAt,
    });
    try {
      await this.mail.send(mail);
    } catch (error) {
      this.logger.warn({ err: error, invitationId: invitation.id }, 'partner invitation e-mail not sent');
      throw new RpcFailure(503, partnerMessages.invitationNotSent, 'mail_unavailable');
    }
    return invitation.toView();
  }
}
