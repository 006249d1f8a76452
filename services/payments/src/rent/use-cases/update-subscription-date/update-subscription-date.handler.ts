import { Injectable } from '@nestjs/common';
import { UpdateSubscriptionDate, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { RecurringRent } from '../../recurring-rent.js';

/** POST payments/subscription/update-date: moves the next payment of a recurring rent payment, by its tenant or a manager of its unit. */
@Injectable()
@UseCase(UpdateSubscriptionDate)
export class UpdateSubscriptionDateHandler implements UseCaseHandler<typeof UpdateSubscriptionDate> {
  constructor(private readonly recurring: RecurringRent) {}

  handle(request: RequestOf<typeof UpdateSubscriptionDate>, { em, principal, caller }: UseCaseContext): Promise<ResponseOf<typeof UpdateSubscriptionDate>> {
    return this.recurring.moveNextPayment(em, { principal, caller, tenantId: request.tenant_id }, request.subscriptionId, request.nextPaymentDate);
  }
}
