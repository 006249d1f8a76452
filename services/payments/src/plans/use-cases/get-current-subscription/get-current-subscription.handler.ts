import { Injectable } from '@nestjs/common';
import { GetCurrentSubscription, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { PlanSubscriptions } from '../../plan-subscriptions.js';

/** GET paddle/subscription/current: the caller's account's plan as Paddle's webhooks last told it (no provider call). */
@Injectable()
@UseCase(GetCurrentSubscription, { readOnly: true })
export class GetCurrentSubscriptionHandler implements UseCaseHandler<typeof GetCurrentSubscription> {
  constructor(private readonly subscriptions: PlanSubscriptions) {}

  handle(_request: RequestOf<typeof GetCurrentSubscription>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof GetCurrentSubscription>> {
    return this.subscriptions.current(em, caller.accountId);
  }
}
