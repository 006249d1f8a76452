import { Injectable } from '@nestjs/common';
import { ListPartnerInvitations, type PartnerInvitation as PartnerInvitationView, type RequestOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { PartnerInvitation } from '../../partner-invitation.entity.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

/** GET property-manager/invitations?location_id=: the invitations of a location still waiting for an answer. */
@Injectable()
@UseCase(ListPartnerInvitations)
export class ListPartnerInvitationsHandler implements UseCaseHandler<typeof ListPartnerInvitations> {
  constructor(private readonly access: PortfolioAccess) {}

  async handle({ location_id: locationId }: RequestOf<typeof ListPartnerInvitations>, { em, caller }: UseCaseContext): Promise<PartnerInvitationView[]> {
    await this.access.require(em, caller, locationId, 'partner:read');
    const pending = await em.find(PartnerInvitation, { locationId, expiresAt: { $gt: new Date() } }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    return pending.map((invitation) => invitation.toView());
  }
}
