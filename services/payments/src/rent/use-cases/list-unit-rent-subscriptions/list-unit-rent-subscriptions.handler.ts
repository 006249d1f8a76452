import { Injectable } from '@nestjs/common';
import { ListUnitRentSubscriptions, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { RentSubscriptions, rentSubscriptionView } from '../../rent-subscriptions.js';
import { UnitRent } from '../../unit-rent.js';

/** GET unit/{id}/rent-subscriptions (`payment:read`): the unit's recurring payments, running ones first. */
@Injectable()
@UseCase(ListUnitRentSubscriptions, { readOnly: true })
export class ListUnitRentSubscriptionsHandler implements UseCaseHandler<typeof ListUnitRentSubscriptions> {
  constructor(
    private readonly units: UnitRent,
    private readonly subscriptions: RentSubscriptions,
  ) {}

  async handle(request: RequestOf<typeof ListUnitRentSubscriptions>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof ListUnitRentSubscriptions>> {
    const place = await this.units.place(em, caller, request.id, 'payment:read');
    return (await this.subscriptions.ofUnits(em, [place.unitId])).map(rentSubscriptionView);
  }
}
