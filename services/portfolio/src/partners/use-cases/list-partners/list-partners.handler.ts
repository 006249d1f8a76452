import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AccessCaller } from '@pm/access';
import { ListPartners, type Partner as PartnerView, type RequestOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { PartnerRepository } from '../../partner.repository.js';
import { toPartnerView } from '../../partner.view.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

@Injectable()
@UseCase(ListPartners)
export class ListPartnersHandler implements UseCaseHandler<typeof ListPartners> {
  constructor(
    private readonly access: PortfolioAccess,
    private readonly partners: PartnerRepository,
  ) {}

  async handle({ location_id: locationId }: RequestOf<typeof ListPartners>, { em, caller }: UseCaseContext): Promise<PartnerView[]> {
    return listPartners(em, caller, this.access, this.partners, locationId, false);
  }
}

/** A location's partners; `emergencyOnly`: the partners notified when an emergency is detected (spec 001 §6). */
export async function listPartners(
  em: EntityManager,
  caller: AccessCaller,
  access: PortfolioAccess,
  partners: PartnerRepository,
  locationId: string,
  emergencyOnly: boolean,
): Promise<PartnerView[]> {
  await access.require(em, caller, locationId, 'partner:read');
  const found = await partners.ofLocation(em, locationId, emergencyOnly ? { isEmergencyContact: true } : {});
  // A partner's other locations are listed only where the caller may see them.
  const visible = new Set((await access.accessible(em, caller)).map((grant) => grant.location.id));
  return found.map(({ partner, locationIds }) => toPartnerView(partner, locationIds.filter((id) => visible.has(id))));
}
