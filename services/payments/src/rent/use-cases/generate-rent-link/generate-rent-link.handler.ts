import { Injectable } from '@nestjs/common';
import { GenerateRentLink, PAYMENT_LINK_METHODS, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { RentLinks } from '../../rent-links.js';
import { UnitRent } from '../../unit-rent.js';

/** POST unit/{id}/generate-rent-link (`payment:write`, `Idempotency-Key`): a checkout link per method for what is owed. */
@Injectable()
@UseCase(GenerateRentLink)
export class GenerateRentLinkHandler implements UseCaseHandler<typeof GenerateRentLink> {
  constructor(
    private readonly units: UnitRent,
    private readonly links: RentLinks,
  ) {}

  async handle(request: RequestOf<typeof GenerateRentLink>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof GenerateRentLink>> {
    const place = await this.units.place(em, caller, request.id, 'payment:write');
    return { unit_id: place.unitId, links: await this.links.create(em, place, PAYMENT_LINK_METHODS, this.links.defaultReturns()) };
  }
}
