import { Inject, Injectable } from '@nestjs/common';
import { CONNECT_PROVIDER_UNAVAILABLE, StartConnectOnboarding, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import Stripe from 'stripe';
import { PAYMENTS_CONFIG, type PaymentsConfig } from '../../../config/payments-env.js';
import { providerCall } from '../../../providers/provider-call.js';
import { createExpressAccount, onboardingLink } from '../../../providers/stripe-connect.js';
import { ConnectedAccounts } from '../../connected-accounts.js';

/** Where the provider's onboarding returns: the account's payouts tab (spec 000 §19). */
export const PAYOUTS_PATH = '/property-manager/account/payouts';

/**
 * POST connect/onboard: the hosted onboarding page of the caller's account's connected account, made on the first
 * call (the provider's idempotency key is the account's, so a retry after a lost answer finds the same one).
 */
@Injectable()
@UseCase(StartConnectOnboarding)
export class StartConnectOnboardingHandler implements UseCaseHandler<typeof StartConnectOnboarding> {
  constructor(
    private readonly accounts: ConnectedAccounts,
    private readonly stripe: Stripe,
    @Inject(PAYMENTS_CONFIG) private readonly config: PaymentsConfig,
  ) {}

  async handle(_request: RequestOf<typeof StartConnectOnboarding>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof StartConnectOnboarding>> {
    const payouts = new URL(PAYOUTS_PATH, this.config.PUBLIC_WEB_URL);
    return providerCall(CONNECT_PROVIDER_UNAVAILABLE, async () => {
      const known = await this.accounts.of(em, caller.accountId);
      const stripeAccountId = known ?? (await this.accounts.remember(em, caller.accountId, await createExpressAccount(this.stripe, { accountId: caller.accountId, email: null })));
      const url = await onboardingLink(this.stripe, { stripeAccountId, returnUrl: payouts.href, refreshUrl: `${payouts.href}?refresh=true` });
      return { url };
    });
  }
}
