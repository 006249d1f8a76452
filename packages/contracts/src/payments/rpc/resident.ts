import { z } from 'zod';
import { defineRpc } from '../../define.js';
import { IdRefSchema } from '../../portfolio/validation.js';
import { rawText } from '../../text.js';
import { LedgerDescriptionSchema, PeriodSchema, entryCents, paymentMessages } from '../rent.js';

/** Our words where the spec is silent. */
export const residentPaymentMessages = {
  noUnit: 'No rented unit is linked to your account. Please notify your landlord or property manager.',
  returnUrl: 'The return address must be a page of this site',
  type: 'Type must be rent',
} as const;

/** 000 §3.8 and 002 §3: a payment as the payer sees it (a rent payment through the provider, or one the manager recorded). */
export const PaymentRecordSchema = z.object({
  id: z.string(),
  /** Cents. */
  amount: entryCents().positive(),
  /**
   * completed, processing (ACH not settled), returned, refunded, partially_refunded; `active` for a recurring payment
   * signed up for on a checkout (the success page's verification of a subscription checkout, which charges nothing yet).
   */
  status: z.enum(['completed', 'processing', 'returned', 'refunded', 'partially_refunded', 'active']),
  type: z.literal('rent'),
  description: LedgerDescriptionSchema,
  date: z.iso.date(),
  /** The month the payment is dated in (YYYY-MM). */
  period: PeriodSchema,
  /** Paid by a recurring payment (`subscriptionId` names it), or the recurring payment itself (status `active`). */
  isSubscription: z.boolean(),
  subscriptionId: z.string().max(100).nullable(),
  metadata: z.object({ checkout_session_id: z.string().nullable() }),
});
export type PaymentRecord = z.infer<typeof PaymentRecordSchema>;

const recordFixture = {
  id: 'stripe:pi_3QabcDEF',
  amount: 185_000,
  status: 'processing' as const,
  type: 'rent' as const,
  description: 'Rent, Building A, Unit 2B (ACH)',
  date: '2026-12-02',
  period: '2026-12',
  isSubscription: false as const,
  subscriptionId: null,
  metadata: { checkout_session_id: 'cs_test_a1' },
};

/** A Checkout Session id as Stripe writes it into the success URL. */
const CheckoutSessionIdSchema = rawText('Checkout session', 200).regex(/^cs_[A-Za-z0-9_]+$/, 'Invalid checkout session');

/**
 * GET payments (000 §7 "list of payments", 002's resident payments page): the caller's own payments, newest first:
 * those of the units where the caller is a current tenant (the tenant whose e-mail contact is the account's e-mail,
 * the rule residents are known by); `unit_id` keeps one of them.
 */
export const ListPayments = defineRpc({
  subject: 'pm.rpc.payments.payment.list.v1',
  description: "the caller's own rent payments, newest first (the units where the caller is a current tenant by e-mail); `unit_id` keeps one of them",
  // Only the caller's own payments: units where they are a current tenant.
  access: 'caller',
  http: { method: 'GET', path: 'payments' },
  request: z.object({ unit_id: IdRefSchema.optional() }),
  response: z.array(PaymentRecordSchema),
  fixture: { request: {}, response: [recordFixture] },
});

/**
 * GET payments/checkout/{id} (000 §4.5, the /rent/success verification): the payment made on a checkout, to whoever
 * holds its id, signed in or not (a tenant paying from an e-mailed link has no account): the id is the payer's receipt,
 * given only in the provider's redirect to them. An empty list while the payment has not reached the ledger (the
 * provider's webhook comes a moment after the redirect) or for an id no payment has.
 */
export const GetCheckoutPayment = defineRpc({
  subject: 'pm.rpc.payments.checkout-payment.get.v1',
  description:
    "the payment made on a checkout (the success page's verification), to whoever holds the checkout's id, signed in or not: an empty list until the provider's webhook has put it in the ledger, or for an unknown id",
  // The checkout's id is the payer's own receipt (only the provider's redirect to them carries it).
  access: 'caller',
  http: { method: 'GET', path: 'payments/checkout/:id', auth: 'public' },
  errors: { 400: 'Invalid checkout session' },
  request: z.object({ id: CheckoutSessionIdSchema }),
  response: z.array(PaymentRecordSchema),
  fixture: { request: { id: 'cs_test_a1' }, response: [recordFixture] },
});

/** An absolute http(s) address, as typed text first (no control characters), then as a URL. */
const ReturnUrlSchema = rawText('Return address', 2_000, { required: residentPaymentMessages.returnUrl }).refine((value) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}, residentPaymentMessages.returnUrl);

/**
 * POST payments/generate-link (002 §7): the resident's Make Payment. The amount asked (the web sends 0) is what the
 * unit owes now, or a month's rent when nothing is; paid by US bank account (ACH, no fee). The return addresses must be
 * pages of the product.
 */
export const GeneratePaymentLink = defineRpc({
  subject: 'pm.rpc.payments.payment-link.generate.v1',
  description:
    "the resident's Make Payment: a checkout by US bank account (no fee) for what their unit owes now, or a month's rent when nothing is (`amount` 0, `type` rent, as the web sends); `unit_id` chooses among the caller's units; `success_url` and `cancel_url` must be pages of the product. Takes `Idempotency-Key`",
  access: 'caller',
  http: { method: 'POST', path: 'payments/generate-link', status: 201, idempotent: true, timeoutMs: 30_000 },
  errors: {
    400: [residentPaymentMessages.returnUrl, residentPaymentMessages.type],
    404: [residentPaymentMessages.noUnit, paymentMessages.connectNotOnboarded],
    409: paymentMessages.rentNotSet,
    502: paymentMessages.providerUnavailable,
  },
  request: z.object({
    amount: z.number().int().min(0).max(100_000_000).default(0),
    type: z.literal('rent', { error: residentPaymentMessages.type }).default('rent'),
    description: rawText('Description', 200).optional(),
    unit_id: IdRefSchema.optional(),
    success_url: ReturnUrlSchema,
    cancel_url: ReturnUrlSchema,
  }),
  response: z.object({ checkoutUrl: z.url() }),
  fixture: {
    request: { amount: 0, type: 'rent', description: 'Rent payment', success_url: 'https://app.example.com/resident/payments', cancel_url: 'https://app.example.com/resident/payments' },
    response: { checkoutUrl: 'https://checkout.stripe.com/c/pay/cs_test_a1' },
  },
});
