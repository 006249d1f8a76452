import { Injectable } from '@nestjs/common';
import { Paddle } from '@paddle/paddle-node-sdk';
import { GetSubscriptionCancelLink, PLAN_SUBSCRIPTION_NOT_FOUND, PLANS_PROVIDER_UNAVAILABLE, type RequestOf, type ResponseOf } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { paddleCall } from '../../paddle-client.js';
import { cancelLinkOf } from '../../paddle-plans.js';
import { PlanSubscriptions } from '../../plan-subscriptions.js';

/**
 * GET paddle/subscription/cancel/{id}: Paddle's cancellation page for one of the caller's account's subscriptions
 * (its management URL, asked of Paddle each time: the URL carries a token Paddle may rotate). Another account's
 * subscription, or one that has ended, is not found.
 */
@Injectable()
@UseCase(GetSubscriptionCancelLink, { readOnly: true })
export class GetSubscriptionCancelLinkHandler implements UseCaseHandler<typeof GetSubscriptionCancelLink> {
  constructor(
    private readonly paddle: Paddle,
    private readonly subscriptions: PlanSubscriptions,
  ) {}

  async handle({ id }: RequestOf<typeof GetSubscriptionCancelLink>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof GetSubscriptionCancelLink>> {
    const subscription = await this.subscriptions.find(em, caller.accountId, id);
    if (!subscription || subscription.status === 'canceled') throw new RpcFailure(404, PLAN_SUBSCRIPTION_NOT_FOUND);
    const cancelUrl = await paddleCall(PLANS_PROVIDER_UNAVAILABLE, () => cancelLinkOf(this.paddle, id));
    if (!cancelUrl) throw new RpcFailure(404, PLAN_SUBSCRIPTION_NOT_FOUND);
    return { cancelUrl };
  }
}
