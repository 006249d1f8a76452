import { serviceEnv } from '@pm/nest-kit';
import { z } from 'zod';

/**
 * The payments service's environment: the platform's service variables and its card provider. Locally
 * `STRIPE_API_URL` points the official client at @pm/stripe-sandbox (npm start runs it); in production it is left out
 * and the client talks to Stripe.
 */
export const paymentsEnv = serviceEnv.extend({
  /** A secret key (`sk_live_…`, `sk_test_…`; the sandbox takes any `sk_test_…`). */
  STRIPE_SECRET_KEY: z.string().min(8).max(500).regex(/^(sk|rk)_(test|live)_/, 'STRIPE_SECRET_KEY must be a Stripe secret or restricted key'),
  /**
   * The webhook endpoints' signing secrets (`whsec_…`), comma-separated: Stripe sends the platform's events (checkout,
   * payments) and the connected accounts' (`account.updated`) to two endpoints, each with its own secret. A delivery is
   * believed only when its signature holds with one of them.
   */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .max(1_000)
    .transform((value) => value.split(',').map((secret) => secret.trim()).filter(Boolean))
    .pipe(z.array(z.string().min(8).regex(/^whsec_/, 'STRIPE_WEBHOOK_SECRET must be webhook signing secrets (whsec_…), comma-separated')).min(1).max(4)),
  /** Another Stripe API base (the local sandbox, stripe-mock): http(s)://host:port. */
  STRIPE_API_URL: z.url().optional(),
  /**
   * Paddle Billing, which sells the platform's own plans (`src/plans/`): an API key (`pdl_live_apikey_…`, or
   * `pdl_sdbx_apikey_…` for Paddle's sandbox and the local @pm/paddle-sandbox).
   */
  PADDLE_API_KEY: z.string().min(16).max(500).regex(/^pdl_(live|sdbx)_apikey_/, 'PADDLE_API_KEY must be a Paddle API key (pdl_live_apikey_… or pdl_sdbx_apikey_…)'),
  /** The notification destination's secret key (`pdl_ntfset_…` on Paddle): a webhook is believed only when signed with it. */
  PADDLE_WEBHOOK_SECRET: z.string().min(8).max(500),
  /** Another Paddle API base (the local sandbox): http(s)://host:port. Left out: Paddle's production API. */
  PADDLE_API_URL: z.url().optional(),
  /**
   * The price of each paid plan, `starter=pri_…,basic=pri_…,growth=pri_…,professional=pri_…`. Left out, the prices are
   * read from Paddle's catalog: the active prices whose `custom_data.plan` names a plan (the sandbox's catalog has it).
   */
  PADDLE_PRICE_IDS: z
    .string()
    .max(1_000)
    .transform((value, ctx) => {
      const pairs = value.split(',').map((pair) => pair.trim()).filter(Boolean).map((pair) => pair.split('=').map((part) => part.trim()));
      for (const pair of pairs) {
        if (pair.length !== 2 || !/^(starter|basic|growth|professional)$/.test(pair[0]!) || !/^pri_[a-z0-9]{26}$/.test(pair[1]!)) ctx.addIssue({ code: 'custom', message: `PADDLE_PRICE_IDS: "${pair.join('=')}" is not <plan>=pri_…` });
      }
      return Object.fromEntries(pairs) as Record<string, string>;
    })
    .optional(),
  /** Where links back into the product point (checkout success and cancel pages, the payouts tab). */
  PUBLIC_WEB_URL: z.url(),
});
export type PaymentsEnv = z.output<typeof paymentsEnv>;

/** The payments configuration plus the schema its tables live in (the service name, or a test schema). */
export type PaymentsConfig = PaymentsEnv & { DATABASE_SCHEMA: string };

export const PAYMENTS_CONFIG = Symbol('PAYMENTS_CONFIG');
