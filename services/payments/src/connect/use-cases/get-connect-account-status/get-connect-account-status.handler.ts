import { Injectable } from '@nestjs/common';
import { CONNECT_PROVIDER_UNAVAILABLE, GetConnectAccountStatus, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import Stripe from 'stripe';
import { providerCall } from '../../../providers/provider-call.js';
import { connectedAccountStatus } from '../../../providers/stripe-connect.js';
import { ConnectedAccounts } from '../../connected-accounts.js';

const NOT_CONNECTED = { onboardingComplete: false, chargesEnabled: false, payoutsEnabled: false, detailsSubmitted: false };

/** GET connect/account-status: the caller's account's connected account, as the provider has it now. */
@Injectable()
@UseCase(GetConnectAccountStatus, { readOnly: true })
export class GetConnectAccountStatusHandler implements UseCaseHandler<typeof GetConnectAccountStatus> {
  constructor(
    private readonly accounts: ConnectedAccounts,
    private readonly stripe: Stripe,
  ) {}

  async handle(_request: RequestOf<typeof GetConnectAccountStatus>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof GetConnectAccountStatus>> {
    const stripeAccountId = await this.accounts.of(em, caller.accountId);
    if (!stripeAccountId) return NOT_CONNECTED;
    return providerCall(CONNECT_PROVIDER_UNAVAILABLE, () => connectedAccountStatus(this.stripe, stripeAccountId));
  }
}
