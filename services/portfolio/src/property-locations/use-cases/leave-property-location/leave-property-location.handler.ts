import { Injectable } from '@nestjs/common';
import { LeavePropertyLocation, OWNER_CANNOT_LEAVE, PartnerRemoved, type RequestOf } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { GrantsProjection, LOCATION_NOT_FOUND } from '@pm/access';
import { Partner, PartnerLocation } from '../../../partners/partner.entity.js';
import { PartnerRepository } from '../../../partners/partner.repository.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

/**
 * POST property-location/{id}/leave: a partner gives up their role on a location shared with them (PartnerRemoved
 * ends their access in every grants projection); the partner row goes with its last location. The owner cannot.
 */
@Injectable()
@UseCase(LeavePropertyLocation)
export class LeavePropertyLocationHandler implements UseCaseHandler<typeof LeavePropertyLocation> {
  constructor(
    private readonly access: PortfolioAccess,
    private readonly grants: GrantsProjection,
    private readonly partners: PartnerRepository,
  ) {}

  async handle({ id }: RequestOf<typeof LeavePropertyLocation>, { em, caller }: UseCaseContext): Promise<{ left: true }> {
    const { location, role } = await this.access.require(em, caller, id, 'location:read');
    if (role === 'OWNER') throw RpcFailure.conflict(OWNER_CANNOT_LEAVE);
    const partner = await em.findOne(Partner, { accountId: location.accountId, userId: caller.userId });
    if (!partner) throw RpcFailure.notFound(LOCATION_NOT_FOUND);
    await em.nativeDelete(PartnerLocation, { partnerId: partner.id, locationId: location.id });
    await this.grants.record(em, PartnerRemoved, { partnerId: partner.id, accountId: partner.accountId, locationId: location.id, userId: caller.userId });
    await this.partners.announce(em, partner);
    if ((await em.count(PartnerLocation, { partnerId: partner.id })) === 0) em.remove(partner);
    await em.flush();
    return { left: true as const };
  }
}
