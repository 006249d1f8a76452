import { Injectable } from '@nestjs/common';
import { CONNECT_NOT_STARTED, CONNECT_ONBOARDING_UNFINISHED, CONNECT_PROVIDER_UNAVAILABLE, CreateConnectDashboardLink, type RequestOf, type ResponseOf } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import Stripe from 'stripe';
import { providerCall } from '../../../providers/provider-call.js';
import { connectedAccountStatus, expressDashboardLink } from '../../../providers/stripe-connect.js';
import { ConnectedAccounts } from '../../connected-accounts.js';

/** POST connect/dashboard-link: a one-time login link to the caller's account's Express dashboard, once onboarding is submitted. */
@Injectable()
@UseCase(CreateConnectDashboardLink, { readOnly: true })
export class CreateConnectDashboardLinkHandler implements UseCaseHandler<typeof CreateConnectDashboardLink> {
  constructor(
    private readonly accounts: ConnectedAccounts,
    private readonly stripe: Stripe,
  ) {}

  async handle(_request: RequestOf<typeof CreateConnectDashboardLink>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof CreateConnectDashboardLink>> {
    const stripeAccountId = await this.accounts.of(em, caller.accountId);
    if (!stripeAccountId) throw RpcFailure.conflict(CONNECT_NOT_STARTED);
    // Stripe makes login links only for accounts whose onboarding was submitted.
    const status = await providerCall(CONNECT_PROVIDER_UNAVAILABLE, () => connectedAccountStatus(this.stripe, stripeAccountId));
    if (!status.detailsSubmitted) throw RpcFailure.conflict(CONNECT_ONBOARDING_UNFINISHED);
    return { url: await providerCall(CONNECT_PROVIDER_UNAVAILABLE, () => expressDashboardLink(this.stripe, stripeAccountId)) };
  }
}
