import { z } from 'zod';
import { defineRpc } from '../../define.js';
import { IdRefSchema } from '../../text.js';
import { PaidPlanKeySchema, PlanKeySchema, PlanSchema, PlanSubscriptionStatusSchema, PLANS } from '../plans.js';

/** Our words: the billing provider could not be reached (the web shows the spec's "Failed to …" texts around it). */
export const PLANS_PROVIDER_UNAVAILABLE = 'Paddle could not be reached. Please try again.';
export const PLAN_SUBSCRIPTION_NOT_FOUND = 'Subscription not found';
export const PLAN_ALREADY_SUBSCRIBED = 'Your account already has this plan';
export const PLAN_NEEDS_EMAIL = 'Your account needs an e-mail address to subscribe';

/** Where the provider's checkout returns (spec 000 §9, 001 routes). */
export const SUBSCRIPTION_SUCCESS_PATH = '/property-manager/subscription?success=true';

const isoInstant = z.iso.datetime({ offset: true });

/** GET paddle/subscription/plans: the pricing table as data (the same for everyone, signed in). */
export const ListSubscriptionPlans = defineRpc({
  subject: 'pm.rpc.payments.plans.list.v1',
  description: "the platform's plans from the spec's pricing table: name, monthly price and price per unit in cents (null: custom / limited use), units range, users, storage and the feature flags; `checkout` marks the four sold through Paddle",
  http: { method: 'GET', path: 'paddle/subscription/plans' },
  request: z.object({}),
  response: z.object({ plans: z.array(PlanSchema).max(20) }),
  fixture: { request: {}, response: { plans: [...PLANS] } },
});

export const PlanSubscriptionSchema = z.object({
  /** The provider's subscription id (`sub_…`): what `paddle/subscription/cancel/{id}` takes. */
  id: z.string().min(1).max(100),
  plan: PlanKeySchema,
  planName: z.string().min(1).max(100),
  status: PlanSubscriptionStatusSchema,
  /** Monthly price in cents. */
  amount: z.number().int().min(0).max(10_000_000),
  /** When the trial ends and the first charge is made (while trialing). */
  trialEndsAt: isoInstant.nullable(),
  currentPeriodEnd: isoInstant.nullable(),
  nextBilledAt: isoInstant.nullable(),
  /** A cancellation the account asked for, effective then (the end of the period); null when none is scheduled. */
  cancelAt: isoInstant.nullable(),
  canceledAt: isoInstant.nullable(),
});
export type PlanSubscription = z.infer<typeof PlanSubscriptionSchema>;

/**
 * GET paddle/subscription/current: the caller's account's plan and the subscription that gives it, as the provider's
 * signed webhooks last told payments. `plan` is `free` without a subscription that holds one (none yet, or canceled).
 */
export const GetCurrentSubscription = defineRpc({
  subject: 'pm.rpc.payments.plans.current.v1',
  description: "the caller's account's plan (`free` when no subscription holds one) and its Paddle subscription (plan, status, trial end, period end, scheduled cancellation), as Paddle's signed webhooks last said; `subscription` null when the account never subscribed or its last subscription ended",
  http: { method: 'GET', path: 'paddle/subscription/current' },
  request: z.object({}),
  response: z.object({ plan: PlanKeySchema, subscription: PlanSubscriptionSchema.nullable() }),
  fixture: {
    request: {},
    response: {
      plan: 'growth',
      subscription: { id: 'sub_01hv8x9z2k3m4n5p6q7r8s9t0v', plan: 'growth', planName: 'Growth', status: 'trialing', amount: 3599, trialEndsAt: '2027-01-06T17:00:00.000Z', currentPeriodEnd: '2027-01-06T17:00:00.000Z', nextBilledAt: '2027-01-06T17:00:00.000Z', cancelAt: null, canceledAt: null },
    },
  },
});

/**
 * POST paddle/subscription/checkout: the provider's hosted checkout for a plan, returning to
 * /property-manager/subscription?success=true once paid; the subscription reaches the account through the webhooks.
 */
export const StartSubscriptionCheckout = defineRpc({
  subject: 'pm.rpc.payments.plans.checkout.v1',
  description: `the URL of Paddle's hosted checkout for \`plan\` (starter, basic, growth, professional), for the caller's account, returning to \`${SUBSCRIPTION_SUCCESS_PATH}\`; 409 "${PLAN_ALREADY_SUBSCRIBED}" while a subscription already holds that plan. Takes \`Idempotency-Key\``,
  http: { method: 'POST', path: 'paddle/subscription/checkout', idempotent: true, timeoutMs: 20_000 },
  errors: { 409: [PLAN_ALREADY_SUBSCRIBED, PLAN_NEEDS_EMAIL], 502: PLANS_PROVIDER_UNAVAILABLE },
  request: z.object({ plan: PaidPlanKeySchema }),
  response: z.object({ url: z.url() }),
  fixture: { request: { plan: 'growth' }, response: { url: 'https://buy.example.com/checkout?_ptxn=txn_01hv8x9z2k3m4n5p6q7r8s9t0v' } },
});

/** GET paddle/subscription/cancel/{id}: the provider's page that cancels one of the account's subscriptions (a new tab). */
export const GetSubscriptionCancelLink = defineRpc({
  subject: 'pm.rpc.payments.plans.cancel-link.v1',
  description: `\`cancelUrl\`: Paddle's page that cancels the subscription at the end of its period (opened in a new tab). 404 "${PLAN_SUBSCRIPTION_NOT_FOUND}" for a subscription that is not the caller's account's`,
  access: 'caller',
  http: { method: 'GET', path: 'paddle/subscription/cancel/:id', timeoutMs: 20_000 },
  errors: { 404: PLAN_SUBSCRIPTION_NOT_FOUND, 502: PLANS_PROVIDER_UNAVAILABLE },
  request: z.object({ id: IdRefSchema.min(1) }),
  response: z.object({ cancelUrl: z.url() }),
  fixture: { request: { id: 'sub_01hv8x9z2k3m4n5p6q7r8s9t0v' }, response: { cancelUrl: 'https://sandbox-buyer-portal.paddle.com/subscriptions/sub_01hv8x9z2k3m4n5p6q7r8s9t0v/cancel' } },
});
