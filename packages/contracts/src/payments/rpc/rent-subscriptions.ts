import { z } from 'zod';
import { ACCESS_FORBIDDEN } from '../../access/permissions.js';
import { defineRpc } from '../../define.js';
import { IdRefSchema } from '../../portfolio/validation.js';
import { rawText, textMessages } from '../../text.js';
import { entryCents, paymentMessages as m, plainDaySchema, PeriodSchema } from '../rent.js';

/**
 * Recurring rent (spec 001 §3 Subscription, §4 subscription states, §7 the subscription calls; 000 §3.8; 002 the
 * resident's recurring rent ACH payment): a monthly subscription with the provider, paid from the tenant's US bank
 * account (ACH, no fee) on the unit's due day into the account's connected account. Recurring rent is by bank account
 * only: a card's fee (2.9% + 30¢) cannot be split off a subscription's invoice to the cent, and the resident's page
 * speaks of "your recurring rent ACH payment".
 */

/** Our words where the spec has none. The spec's own texts are the web's toasts. */
export const rentSubscriptionMessages = {
  notFound: 'Subscription not found',
  alreadyCanceled: 'This recurring payment has already been cancelled',
  dateNotAfterToday: 'The next payment date must be after today',
  dateTooFar: 'The next payment date can be at most 60 days ahead',
  canceledAtPeriodEnd: 'The recurring payment will be cancelled at the end of the current period',
  canceledNow: 'The recurring payment has been cancelled',
  dateUpdated: 'Next payment date updated',
  tenantNotOfUnit: 'Tenant not found',
  /** Only one recurring payment at a time: a second would charge the month twice. */
  alreadyRecurring: 'This unit already has an active recurring payment. Cancel it before creating another.',
} as const;

/** The furthest the next payment may be moved: two months of rent would otherwise go unpaid on one change. */
export const NEXT_PAYMENT_DATE_MAX_DAYS = 60;

export const RENT_SUBSCRIPTION_STATUSES = ['incomplete', 'active', 'trialing', 'past_due', 'canceled'] as const;

/** A provider subscription id as Stripe writes it. */
const SubscriptionIdSchema = rawText('Subscription', 100, { required: rentSubscriptionMessages.notFound }).regex(/^sub_[A-Za-z0-9]+$/, rentSubscriptionMessages.notFound);

/**
 * 001 §3 Subscription (id, amount, date, period, stripe_subscription_id, current_period_end, subscriptionId) with 000
 * §3.8's (current_period_start, cancel_at_period_end), plus what the screens show: the status, the unit, the method
 * and when it ends. `date` is the next payment date in the location's time zone (the current period's end).
 */
export const RentSubscriptionSchema = z.object({
  id: z.string().max(100),
  subscriptionId: z.string().max(100),
  stripe_subscription_id: z.string().max(100),
  unit_id: z.string(),
  /** Cents a month. */
  amount: entryCents().positive(),
  currency: z.literal('usd'),
  interval: z.literal('month'),
  method: z.literal('us_bank_account'),
  status: z.enum(RENT_SUBSCRIPTION_STATUSES),
  /** The next payment date (YYYY-MM-DD, the location's time zone); null once cancelled. */
  date: z.iso.date().nullable(),
  /** The month of the next payment (YYYY-MM). */
  period: PeriodSchema.nullable(),
  current_period_start: z.iso.datetime(),
  current_period_end: z.iso.datetime(),
  cancel_at_period_end: z.boolean(),
  canceled_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
});
export type RentSubscription = z.infer<typeof RentSubscriptionSchema>;

const unitId = '01937a11-2d3e-7f4a-9b0c-1d2e3f4a5b6c';
const subscriptionFixture: RentSubscription = {
  id: 'sub_1QabcDEF',
  subscriptionId: 'sub_1QabcDEF',
  stripe_subscription_id: 'sub_1QabcDEF',
  unit_id: unitId,
  amount: 185_000,
  currency: 'usd',
  interval: 'month',
  method: 'us_bank_account',
  status: 'active',
  date: '2027-01-01',
  period: '2027-01',
  current_period_start: '2026-12-07T17:40:00.000Z',
  current_period_end: '2027-01-01T06:00:00.000Z',
  cancel_at_period_end: false,
  canceled_at: null,
  created_at: '2026-12-07T17:40:00.000Z',
};

/**
 * POST unit/{id}/regenerate-subscription-link: a new link for recurring rent (the spec's "Rent subscription link
 * generated"): the tenant signs up on the provider's page with their bank account, nothing is charged then, and the
 * month's rent is debited on each due day from the next one on. Regenerating makes a new link; the earlier ones still
 * work until they expire (24 hours), and a unit keeps one active recurring payment.
 */
export const RegenerateSubscriptionLink = defineRpc({
  subject: 'pm.rpc.payments.subscription-link.regenerate.v1',
  description: `a checkout link for recurring rent by US bank account (no fee): nothing is charged on signing up; the month's rent is debited on each due day from the next one, into the account's connected account. 201; takes \`Idempotency-Key\`. 404 "${m.connectNotOnboarded}" without a fully onboarded account; 409 "${m.rentNotSet}", or while the unit already has an active recurring payment; 502 when the provider cannot be reached (nothing is created)`,
  access: 'payment:write',
  http: { method: 'POST', path: 'unit/:id/regenerate-subscription-link', status: 201, idempotent: true, timeoutMs: 30_000 },
  errors: { 404: [m.unitNotFound, m.connectNotOnboarded], 409: [m.rentNotSet, rentSubscriptionMessages.alreadyRecurring], 502: m.providerUnavailable, 403: ACCESS_FORBIDDEN },
  request: z.object({ id: IdRefSchema }),
  response: z.object({
    unit_id: z.string(),
    method: z.literal('us_bank_account'),
    url: z.url(),
    /** Cents a month. */
    amount: entryCents().positive(),
    /** The first payment's date (YYYY-MM-DD, the location's time zone). */
    first_payment_date: z.iso.date(),
  }),
  fixture: {
    request: { id: unitId },
    response: { unit_id: unitId, method: 'us_bank_account', url: 'https://checkout.stripe.com/c/pay/cs_test_s1', amount: 185_000, first_payment_date: '2027-01-01' },
  },
});

/** GET unit/{id}/rent-subscriptions: the unit's recurring payments, active first, then newest. */
export const ListUnitRentSubscriptions = defineRpc({
  subject: 'pm.rpc.payments.unit-subscriptions.list.v1',
  description: "the unit's recurring rent payments (active ones first, then newest), as the provider's webhooks left them",
  access: 'payment:read',
  http: { method: 'GET', path: 'unit/:id/rent-subscriptions' },
  errors: { 404: m.unitNotFound, 403: ACCESS_FORBIDDEN },
  request: z.object({ id: IdRefSchema }),
  response: z.array(RentSubscriptionSchema),
  fixture: { request: { id: unitId }, response: [subscriptionFixture] },
});

/**
 * GET payments/subscriptions (000 §7, same filters as GET payments): the caller's own recurring rent payments, those of
 * the units where the caller is a current tenant; `unit_id` keeps one of them.
 */
export const ListSubscriptions = defineRpc({
  subject: 'pm.rpc.payments.subscription.list.v1',
  description: "the caller's own recurring rent payments (the units where the caller is a current tenant by e-mail), active first; `unit_id` keeps one of them",
  // Only the caller's own: units where they are a current tenant.
  access: 'caller',
  http: { method: 'GET', path: 'payments/subscriptions' },
  request: z.object({ unit_id: IdRefSchema.optional() }),
  response: z.array(RentSubscriptionSchema),
  fixture: { request: {}, response: [subscriptionFixture] },
});

const ReasonSchema = rawText('Reason', 500);
const cancelErrors = { 400: [rentSubscriptionMessages.notFound, textMessages.tooLong('Reason', 500)], 404: [rentSubscriptionMessages.notFound, rentSubscriptionMessages.tenantNotOfUnit], 409: rentSubscriptionMessages.alreadyCanceled, 502: m.providerUnavailable };
const MessageResponseSchema = z.object({ message: z.string().max(200), subscription: RentSubscriptionSchema });

const cancelDescription = (what: string) =>
  `${what}. Allowed to the tenant whose unit it pays (by the caller's e-mail), and to a manager with \`payment:write\` at the unit's location (\`tenant_id\` names the tenant, who must be of that unit). The provider confirms it by webhook; the answer is its state after the call`;

/**
 * POST payments/subscription/cancel (001 §7: subscriptionId, cancelAtPeriodEnd, reason, tenant_id): at the period's
 * end by default (001 §4), or at once.
 */
export const CancelSubscription = defineRpc({
  subject: 'pm.rpc.payments.subscription.cancel.v1',
  description: cancelDescription('cancels a recurring rent payment at the end of its period (the default) or at once (`cancelAtPeriodEnd: false`), with an optional reason'),
  // The tenant paying it, or a manager of its unit's location with payment:write (decided in the service).
  access: 'caller',
  http: { method: 'POST', path: 'payments/subscription/cancel' },
  errors: cancelErrors,
  request: z.object({
    subscriptionId: SubscriptionIdSchema,
    cancelAtPeriodEnd: z.boolean().default(true),
    reason: ReasonSchema.optional(),
    tenant_id: IdRefSchema.optional(),
  }),
  response: MessageResponseSchema,
  fixture: {
    request: { subscriptionId: 'sub_1QabcDEF', cancelAtPeriodEnd: true },
    response: { message: rentSubscriptionMessages.canceledAtPeriodEnd, subscription: { ...subscriptionFixture, cancel_at_period_end: true } },
  },
});

/** POST payments/cancel-subscription (001 §7: subscriptionId, optional tenant_id): the older call, at the period's end. */
export const CancelSubscriptionAtPeriodEnd = defineRpc({
  subject: 'pm.rpc.payments.subscription.cancel-at-period-end.v1',
  description: cancelDescription("cancels a recurring rent payment at the end of its period (the spec's older call; `payments/subscription/cancel` also cancels at once)"),
  // The tenant paying it, or a manager of its unit's location with payment:write (decided in the service).
  access: 'caller',
  http: { method: 'POST', path: 'payments/cancel-subscription' },
  errors: cancelErrors,
  request: z.object({ subscriptionId: SubscriptionIdSchema, tenant_id: IdRefSchema.optional() }),
  response: MessageResponseSchema,
  fixture: {
    request: { subscriptionId: 'sub_1QabcDEF' },
    response: { message: rentSubscriptionMessages.canceledAtPeriodEnd, subscription: { ...subscriptionFixture, cancel_at_period_end: true } },
  },
});

/**
 * POST payments/subscription/update-date (001 §7: subscriptionId, nextPaymentDate, tenant_id; response message): moves
 * the next payment to a later day (after today, at most 60 days ahead, in the location's time zone); the months after
 * it follow that day.
 */
export const UpdateSubscriptionDate = defineRpc({
  subject: 'pm.rpc.payments.subscription.update-date.v1',
  description: `moves a recurring rent payment's next payment to \`nextPaymentDate\` (a day after today and at most ${NEXT_PAYMENT_DATE_MAX_DAYS} days ahead, in the location's time zone; an ISO date-time is read as its day there); later payments follow that day each month. Allowed as cancelling is`,
  // The tenant paying it, or a manager of its unit's location with payment:write (decided in the service).
  access: 'caller',
  http: { method: 'POST', path: 'payments/subscription/update-date' },
  errors: {
    400: [rentSubscriptionMessages.notFound, rentSubscriptionMessages.dateNotAfterToday, rentSubscriptionMessages.dateTooFar, m.invalidDate, m.dateOutOfRange],
    404: [rentSubscriptionMessages.notFound, rentSubscriptionMessages.tenantNotOfUnit],
    409: rentSubscriptionMessages.alreadyCanceled,
    502: m.providerUnavailable,
  },
  request: z.object({
    subscriptionId: SubscriptionIdSchema,
    // The web sends an ISO date-time (`toISOString()` of the picked day); the day is what counts.
    nextPaymentDate: z.preprocess((value) => (typeof value === 'string' && /^\s*\d{4}-\d{2}-\d{2}T[0-9:.]+Z?\s*$/.test(value) ? value.trim().slice(0, 10) : value), plainDaySchema()),
    tenant_id: IdRefSchema.optional(),
  }),
  response: MessageResponseSchema,
  fixture: {
    request: { subscriptionId: 'sub_1QabcDEF', nextPaymentDate: '2027-01-10' },
    response: { message: rentSubscriptionMessages.dateUpdated, subscription: { ...subscriptionFixture, status: 'trialing', date: '2027-01-10', current_period_end: '2027-01-10T06:00:00.000Z' } },
  },
});
