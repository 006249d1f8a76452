import { Inject, Injectable } from '@nestjs/common';
import { AddPartner, PartnerAdded, PartnerRoleChanged, type Partner as PartnerView, type RequestOf } from '@pm/contracts';
import { MAIL_SENDER, type MailSender } from '@pm/mail';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { v7 as uuidv7 } from 'uuid';
import { PORTFOLIO_CONFIG, type PortfolioConfig } from '../../../config/portfolio-env.js';
import { Partner, PartnerLocation } from '../../partner.entity.js';
import { partnerInvitation } from '../../partner-invitation.js';
import { PartnerRepository } from '../../partner.repository.js';
import { givenRole } from '../../partner.validation.js';
import { toPartnerView } from '../../partner.view.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';
import { FORBIDDEN, GrantsProjection } from '@pm/access';

/**
 * POST property-manager/with-user: gives a person a role on one of the account's locations and e-mails them. A
 * partner of the same account with that e-mail (any letter case) gets this location added and the new role.
 */
@Injectable()
@UseCase(AddPartner)
export class AddPartnerHandler implements UseCaseHandler<typeof AddPartner> {
  constructor(
    private readonly access: PortfolioAccess,
    private readonly partners: PartnerRepository,
    private readonly grants: GrantsProjection,
    @Inject(MAIL_SENDER) private readonly mail: MailSender,
    @Inject(PORTFOLIO_CONFIG) private readonly config: PortfolioConfig,
  ) {}

  async handle(input: RequestOf<typeof AddPartner>, { em, caller }: UseCaseContext): Promise<PartnerView> {
    const { location } = await this.access.require(em, caller, input.locationId ?? '', 'partner:write');
    const valid = { fullName: input.fullName, email: input.email, phone: input.phone, role: givenRole(input.role) };
    const now = new Date();

    let partner = await this.partners.byAccountAndEmail(em, location.accountId, valid.email);
    if (partner) {
      if (partner.userId === caller.userId && partner.role !== valid.role) throw RpcFailure.forbidden(FORBIDDEN);
      const previousRole = partner.role;
      partner.role = valid.role;
      partner.updatedAt = now;
      if (previousRole !== partner.role) {
        await this.grants.record(em, PartnerRoleChanged, {
          partnerId: partner.id,
          accountId: partner.accountId,
          userId: partner.userId ?? null,
          role: partner.role,
          previousRole,
        });
      }
    } else {
      partner = em.create(Partner, {
        id: uuidv7(),
        accountId: location.accountId,
        userId: await this.partners.userWithEmail(em, valid.email),
        fullName: valid.fullName,
        email: valid.email,
        phone: valid.phone,
        role: valid.role,
        isEmergencyContact: false,
        invitedAt: null,
        createdAt: now,
        updatedAt: now,
      });
      // The link table has no ORM relation to order inserts by: the partner row goes first.
      await em.flush();
    }
    const linked = await em.findOne(PartnerLocation, { partnerId: partner.id, locationId: location.id });
    if (!linked) {
      em.create(PartnerLocation, { partnerId: partner.id, locationId: location.id });
      await this.grants.record(em, PartnerAdded, {
        partnerId: partner.id,
        accountId: location.accountId,
        locationId: location.id,
        email: partner.email,
        role: partner.role,
        userId: partner.userId ?? null,
      });
    }
    partner.invitedAt = now;
    await em.flush();

    // Sent before the transaction commits: when the mail cannot go out, nothing is stored and the caller may retry.
    await this.mail.send(
      partnerInvitation({
        to: partner.email,
        fullName: partner.fullName,
        role: partner.role,
        locationName: location.name,
        publicWebUrl: this.config.PUBLIC_WEB_URL,
        hasAccount: partner.userId != null,
      }),
    );
    const locationIds = (await this.partners.locationsOf(em, [partner.id])).get(partner.id) ?? [];
    return toPartnerView(partner, locationIds);
  }
}
