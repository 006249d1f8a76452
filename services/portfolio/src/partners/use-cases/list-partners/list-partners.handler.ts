import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Partner as PartnerView } from '@pm/contracts';
import type { Principal } from '@pm/nest-kit';
import { CallerResolver } from '../../../accounts/caller.js';
import { PartnerRepository } from '../../partner.repository.js';
import { toPartnerView } from '../../partner.view.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

@Injectable()
export class ListPartnersHandler {
  constructor(
    private readonly em: EntityManager,
    private readonly callers: CallerResolver,
    private readonly access: PortfolioAccess,
    private readonly partners: PartnerRepository,
  ) {}

  /** `emergencyOnly`: the partners notified when an emergency is detected (spec 001 §6). */
  async execute(principal: Principal, locationId: string, emergencyOnly = false): Promise<PartnerView[]> {
    const em = this.em.fork();
    const caller = await this.callers.resolve(em, principal);
    await this.access.require(em, caller, locationId, 'partner:read');
    const found = await this.partners.ofLocation(em, locationId, emergencyOnly ? { isEmergencyContact: true } : {});
    // A partner's other locations are listed only where the caller may see them.
    const visible = new Set((await this.access.accessible(em, caller)).map((grant) => grant.location.id));
    return found.map(({ partner, locationIds }) => toPartnerView(partner, locationIds.filter((id) => visible.has(id))));
  }
}
