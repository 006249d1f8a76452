import { Injectable } from '@nestjs/common';
import { CancelSubscription, CancelSubscriptionAtPeriodEnd, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { RecurringRent } from '../../recurring-rent.js';

/** POST payments/subscription/cancel: at the period's end (the default) or at once, by its tenant or a manager of its unit. */
@Injectable()
@UseCase(CancelSubscription)
export class CancelSubscriptionHandler implements UseCaseHandler<typeof CancelSubscription> {
  constructor(private readonly recurring: RecurringRent) {}

  handle(request: RequestOf<typeof CancelSubscription>, { em, principal, caller }: UseCaseContext): Promise<ResponseOf<typeof CancelSubscription>> {
    return this.recurring.cancel(em, { principal, caller, tenantId: request.tenant_id }, request.subscriptionId, request.cancelAtPeriodEnd, request.reason);
  }
}

/** POST payments/cancel-subscription: the spec's older call, at the period's end. */
@Injectable()
@UseCase(CancelSubscriptionAtPeriodEnd)
export class CancelSubscriptionAtPeriodEndHandler implements UseCaseHandler<typeof CancelSubscriptionAtPeriodEnd> {
  constructor(private readonly recurring: RecurringRent) {}

  handle(request: RequestOf<typeof CancelSubscriptionAtPeriodEnd>, { em, principal, caller }: UseCaseContext): Promise<ResponseOf<typeof CancelSubscriptionAtPeriodEnd>> {
    return this.recurring.cancel(em, { principal, caller, tenantId: request.tenant_id }, request.subscriptionId, true, undefined);
  }
}
