import { Injectable } from '@nestjs/common';
import { RegenerateSubscriptionLink, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { RecurringRent } from '../../recurring-rent.js';
import { UnitRent } from '../../unit-rent.js';

/** POST unit/{id}/regenerate-subscription-link (`payment:write`, `Idempotency-Key`): a link for recurring rent by bank account. */
@Injectable()
@UseCase(RegenerateSubscriptionLink)
export class RegenerateSubscriptionLinkHandler implements UseCaseHandler<typeof RegenerateSubscriptionLink> {
  constructor(
    private readonly units: UnitRent,
    private readonly recurring: RecurringRent,
  ) {}

  async handle(request: RequestOf<typeof RegenerateSubscriptionLink>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof RegenerateSubscriptionLink>> {
    const place = await this.units.place(em, caller, request.id, 'payment:write');
    const link = await this.recurring.link(em, place);
    return { unit_id: place.unitId, method: 'us_bank_account', url: link.url, amount: link.amountCents, first_payment_date: link.firstPaymentDate };
  }
}
