import { Injectable } from '@nestjs/common';
import { RevokePartnerInvitation, type RequestOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { isUuid } from '@pm/access';
import { RpcFailure } from '@pm/messaging';
import { PartnerInvitation } from '../../partner-invitation.entity.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

export const INVITATION_NOT_FOUND = 'Invitation not found';

/** DELETE property-manager/invitations/{id}: the invitation is withdrawn; its link answers 404 from now on. */
@Injectable()
@UseCase(RevokePartnerInvitation)
export class RevokePartnerInvitationHandler implements UseCaseHandler<typeof RevokePartnerInvitation> {
  constructor(private readonly access: PortfolioAccess) {}

  async handle({ id }: RequestOf<typeof RevokePartnerInvitation>, { em, caller }: UseCaseContext): Promise<{ deleted: true }> {
    const invitation = isUuid(id) ? await em.findOne(PartnerInvitation, { id }) : null;
    if (!invitation) throw RpcFailure.notFound(INVITATION_NOT_FOUND);
    await this.access.require(em, caller, invitation.locationId, 'partner:write', INVITATION_NOT_FOUND);
    em.remove(invitation);
    await em.flush();
    return { deleted: true as const };
  }
}
