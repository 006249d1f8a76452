import { Injectable } from '@nestjs/common';
import { ListEmergencyContacts, type Partner as PartnerView, type RequestOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { PartnerRepository } from '../../partner.repository.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';
import { listPartners } from '../list-partners/list-partners.handler.js';

/** The location's partners marked as emergency contacts, as ListPartners shows them. */
@Injectable()
@UseCase(ListEmergencyContacts)
export class ListEmergencyContactsHandler implements UseCaseHandler<typeof ListEmergencyContacts> {
  constructor(
    private readonly access: PortfolioAccess,
    private readonly partners: PartnerRepository,
  ) {}

  async handle({ location_id: locationId }: RequestOf<typeof ListEmergencyContacts>, { em, caller }: UseCaseContext): Promise<PartnerView[]> {
    return listPartners(em, caller, this.access, this.partners, locationId, true);
  }
}
