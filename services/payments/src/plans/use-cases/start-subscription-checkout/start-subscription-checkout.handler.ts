import { Inject, Injectable } from '@nestjs/common';
import { Paddle } from '@paddle/paddle-node-sdk';
import { PLAN_ALREADY_SUBSCRIBED, PLAN_NEEDS_EMAIL, PLANS_PROVIDER_UNAVAILABLE, StartSubscriptionCheckout, SUBSCRIPTION_SUCCESS_PATH, type RequestOf, type ResponseOf } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { PAYMENTS_CONFIG, type PaymentsConfig } from '../../../config/payments-env.js';
import { paddleCall } from '../../paddle-client.js';
import { changeSubscriptionPlan, createPlanCheckout, customerFor, PlanPrices } from '../../paddle-plans.js';
import { PlanSubscriptions } from '../../plan-subscriptions.js';

/**
 * POST paddle/subscription/checkout: Paddle's hosted checkout for the plan, for the caller's account (its Paddle
 * customer made on the first checkout), returning to /property-manager/subscription?success=true. An account whose
 * subscription already holds another plan has it moved to this one instead (Paddle charges the prorated difference to
 * the saved card) and goes straight back to that page: a second subscription would bill it twice.
 */
@Injectable()
@UseCase(StartSubscriptionCheckout)
export class StartSubscriptionCheckoutHandler implements UseCaseHandler<typeof StartSubscriptionCheckout> {
  constructor(
    private readonly paddle: Paddle,
    private readonly prices: PlanPrices,
    private readonly subscriptions: PlanSubscriptions,
    @Inject(PAYMENTS_CONFIG) private readonly config: PaymentsConfig,
  ) {}

  async handle({ plan }: RequestOf<typeof StartSubscriptionCheckout>, { em, caller, principal }: UseCaseContext): Promise<ResponseOf<typeof StartSubscriptionCheckout>> {
    const successUrl = new URL(SUBSCRIPTION_SUCCESS_PATH, this.config.PUBLIC_WEB_URL).href;
    const current = await this.subscriptions.current(em, caller.accountId);
    if (current.subscription?.plan === plan) throw new RpcFailure(409, PLAN_ALREADY_SUBSCRIBED);
    const held = current.subscription;
    return paddleCall(PLANS_PROVIDER_UNAVAILABLE, async () => {
      const priceId = await this.prices.priceOf(plan);
      if (held) {
        await changeSubscriptionPlan(this.paddle, { subscriptionId: held.id, priceId });
        return { url: successUrl };
      }
      let customerId = await this.subscriptions.customerOf(em, caller.accountId);
      if (!customerId) {
        if (!principal.email) throw new RpcFailure(409, PLAN_NEEDS_EMAIL);
        customerId = await customerFor(this.paddle, { accountId: caller.accountId, email: principal.email });
        await this.subscriptions.rememberCustomer(em, caller.accountId, customerId);
      }
      return { url: await createPlanCheckout(this.paddle, { accountId: caller.accountId, customerId, priceId, plan, successUrl }) };
    });
  }
}
