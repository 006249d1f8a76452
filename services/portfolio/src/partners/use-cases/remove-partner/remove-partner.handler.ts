import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { RemovePartner, PartnerRemoved, type RequestOf } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { Partner, PartnerLocation } from '../../partner.entity.js';
import { PARTNER_NOT_FOUND, PartnerRepository } from '../../partner.repository.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';
import { GrantsProjection, isUuid } from '@pm/access';

/**
 * DELETE property-manager/{id}?location_id=: the partner loses access to that location (to all of them without
 * location_id); the partner row goes with its last location.
 */
@Injectable()
@UseCase(RemovePartner)
export class RemovePartnerHandler implements UseCaseHandler<typeof RemovePartner> {
  constructor(
    private readonly access: PortfolioAccess,
    private readonly partners: PartnerRepository,
    private readonly grants: GrantsProjection,
  ) {}

  async handle({ id, location_id: locationId }: RequestOf<typeof RemovePartner>, { em, caller }: UseCaseContext): Promise<{ deleted: true }> {
    if (locationId) {
      const partner = isUuid(id) ? await em.findOne(Partner, { id }) : null;
      const link = partner && isUuid(locationId) ? await em.findOne(PartnerLocation, { partnerId: partner.id, locationId }) : null;
      if (!partner || !link) throw RpcFailure.notFound(PARTNER_NOT_FOUND);
      await this.access.require(em, caller, locationId, 'partner:write', PARTNER_NOT_FOUND);
      em.remove(link);
      await this.removed(em, partner, [link.locationId]);
      await this.partners.announce(em, partner);
      if ((await em.count(PartnerLocation, { partnerId: partner.id })) === 0) {
        em.remove(partner);
        await em.flush();
      }
      return { deleted: true as const };
    }
    const { partner, locationIds } = await this.partners.requireWhole(em, caller, id, 'partner:write');
    await em.nativeDelete(PartnerLocation, { partnerId: partner.id });
    await this.removed(em, partner, locationIds);
    await this.partners.announce(em, partner);
    em.remove(partner);
    await em.flush();
    return { deleted: true as const };
  }

  /** One PartnerRemoved per location the partner loses. */
  private async removed(em: EntityManager, partner: Partner, locationIds: readonly string[]): Promise<void> {
    for (const locationId of locationIds) {
      await this.grants.record(em, PartnerRemoved, { partnerId: partner.id, accountId: partner.accountId, locationId, userId: partner.userId ?? null });
    }
  }
}
