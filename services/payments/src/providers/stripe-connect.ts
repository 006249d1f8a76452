import type Stripe from 'stripe';
import type { ConnectAccountStatus } from '@pm/contracts';

/** Metadata naming the product account a connected account belongs to (found again from the dashboard). */
export const CONNECT_METADATA = { accountId: 'pm_account_id' } as const;

/**
 * An Express connected account for a manager's account: card and US bank account payments, payouts to the manager's
 * bank. The idempotency key is the product account's, so two clicks (or a retry after a timeout) make one account.
 */
export async function createExpressAccount(stripe: Stripe, request: { accountId: string; email: string | null }): Promise<string> {
  const account = await stripe.accounts.create(
    {
      type: 'express',
      country: 'US',
      ...(request.email ? { email: request.email } : {}),
      capabilities: { card_payments: { requested: true }, transfers: { requested: true }, us_bank_account_ach_payments: { requested: true } },
      metadata: { [CONNECT_METADATA.accountId]: request.accountId },
    },
    { idempotencyKey: `connect-account:${request.accountId}` },
  );
  return account.id;
}

/** The hosted onboarding page (a one-time URL, minutes long): back to `returnUrl` when done, `refreshUrl` when expired. */
export async function onboardingLink(stripe: Stripe, request: { stripeAccountId: string; returnUrl: string; refreshUrl: string }): Promise<string> {
  const link = await stripe.accountLinks.create({ account: request.stripeAccountId, type: 'account_onboarding', return_url: request.returnUrl, refresh_url: request.refreshUrl });
  return link.url;
}

/** The spec's payout flags (000 §3.11) from the account as the provider has it now. */
export async function connectedAccountStatus(stripe: Stripe, stripeAccountId: string): Promise<ConnectAccountStatus> {
  const account = await stripe.accounts.retrieve(stripeAccountId);
  const detailsSubmitted = account.details_submitted ?? false;
  return {
    onboardingComplete: detailsSubmitted && (account.requirements?.currently_due?.length ?? 0) === 0,
    chargesEnabled: account.charges_enabled ?? false,
    payoutsEnabled: account.payouts_enabled ?? false,
    detailsSubmitted,
  };
}

/** A one-time login link to the Express dashboard (payouts, balances, the bank account). */
export async function expressDashboardLink(stripe: Stripe, stripeAccountId: string): Promise<string> {
  const link = await stripe.accounts.createLoginLink(stripeAccountId);
  return link.url;
}
