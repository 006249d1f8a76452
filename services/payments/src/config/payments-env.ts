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
  /** Where links back into the product point (checkout success and cancel pages, the payouts tab). */
  PUBLIC_WEB_URL: z.url(),
});
export type PaymentsEnv = z.output<typeof paymentsEnv>;

/** The payments configuration plus the schema its tables live in (the service name, or a test schema). */
export type PaymentsConfig = PaymentsEnv & { DATABASE_SCHEMA: string };

export const PAYMENTS_CONFIG = Symbol('PAYMENTS_CONFIG');
