import { z } from 'zod';
import { defineRpc } from '../../define.js';
import { ConnectAccountStatusSchema } from '../rent.js';

/** Our words: the provider could not be reached (the web shows the spec's "Failed to …" toasts around it). */
export const CONNECT_PROVIDER_UNAVAILABLE = 'Stripe could not be reached. Please try again.';
export const CONNECT_NOT_STARTED = 'Connect a Stripe account first';
export const CONNECT_ONBOARDING_UNFINISHED = 'Finish Stripe onboarding before opening the Stripe dashboard';

/**
 * GET connect/account-status: the caller's account's connected payment account (000 §3.11), read from the provider
 * at each call so a finished onboarding shows at once; all false while the account has none.
 */
export const GetConnectAccountStatus = defineRpc({
  subject: 'pm.rpc.payments.connect-account.status.v1',
  description: "the caller's account's Stripe connected account: onboardingComplete, chargesEnabled, payoutsEnabled, detailsSubmitted (all false when there is none); the web shows Active, Onboarding Incomplete / Verification Pending or Not Connected from them",
  http: { method: 'GET', path: 'connect/account-status', timeoutMs: 20_000 },
  errors: { 502: CONNECT_PROVIDER_UNAVAILABLE },
  request: z.object({}),
  response: ConnectAccountStatusSchema,
  fixture: { request: {}, response: { onboardingComplete: true, chargesEnabled: true, payoutsEnabled: true, detailsSubmitted: true } },
});

/**
 * POST connect/onboard: the provider's hosted onboarding page for the caller's account (an Express connected account
 * made on the first call, the same one afterwards); the page navigates to `url`, which returns to the payouts tab.
 */
export const StartConnectOnboarding = defineRpc({
  subject: 'pm.rpc.payments.connect-account.onboard.v1',
  description: "the URL of Stripe's hosted onboarding for the caller's account: an Express connected account is made on the first call and reused after; the page returns to the account's payouts tab. Takes `Idempotency-Key`",
  http: { method: 'POST', path: 'connect/onboard', idempotent: true, timeoutMs: 20_000 },
  errors: { 502: CONNECT_PROVIDER_UNAVAILABLE },
  request: z.object({}),
  response: z.object({ url: z.url() }),
  fixture: { request: {}, response: { url: 'https://connect.stripe.com/setup/e/acct_1Q2w3E/abc' } },
});

/** POST connect/dashboard-link: a one-time login link to the connected account's Express dashboard (opened in a new tab). */
export const CreateConnectDashboardLink = defineRpc({
  subject: 'pm.rpc.payments.connect-account.dashboard-link.v1',
  description: `a one-time login link to the caller's account's Stripe Express dashboard. 409 "${CONNECT_NOT_STARTED}" when the account has none, "${CONNECT_ONBOARDING_UNFINISHED}" while its onboarding is not submitted`,
  http: { method: 'POST', path: 'connect/dashboard-link', timeoutMs: 20_000 },
  errors: { 409: [CONNECT_NOT_STARTED, CONNECT_ONBOARDING_UNFINISHED], 502: CONNECT_PROVIDER_UNAVAILABLE },
  request: z.object({}),
  response: z.object({ url: z.url() }),
  fixture: { request: {}, response: { url: 'https://connect.stripe.com/express/acct_1Q2w3E/Lk9x' } },
});
