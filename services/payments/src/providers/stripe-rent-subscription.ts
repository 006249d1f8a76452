import type Stripe from 'stripe';
import { LEDGER_METADATA } from '../provider-events/stripe-ledger-events.js';

export interface RentSubscriptionCheckoutRequest {
  unitId: string;
  /** The location's IANA time zone: the ledger reads each payment's date in it. */
  timeZone: string;
  /** The month's rent. */
  amountCents: number;
  /** What the tenant sees on the checkout page and their bank statement's description, e.g. "Rent, Building A, Unit 2B". */
  description: string;
  /** The manager account's Stripe Connect account, which receives each month's rent (a destination charge). */
  connectedAccountId: string;
  tenantEmail: string | null;
  /** The first debit: the start of the next due date in the location's time zone (Unix seconds). */
  firstPaymentAt: number;
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
}

/**
 * A Checkout Session in subscription mode for recurring rent, by US bank account only (no fee). Nothing is charged
 * on signing up (`billing_cycle_anchor` at the next due date, `proration_behavior: none`); from then on the month's
 * rent is debited on the due day and sent on to the connected account. The unit and the time zone go into the
 * subscription's metadata, which every invoice repeats (`parent.subscription_details.metadata`): that is how its
 * webhooks find the ledger.
 */
export async function createRentSubscriptionCheckout(stripe: Stripe, request: RentSubscriptionCheckoutRequest): Promise<{ sessionId: string; url: string }> {
  const metadata = { [LEDGER_METADATA.unitId]: request.unitId, [LEDGER_METADATA.timeZone]: request.timeZone };
  const session = await stripe.checkout.sessions.create(
    {
      mode: 'subscription',
      allowed_payment_method_types: ['us_bank_account'],
      line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: request.amountCents, recurring: { interval: 'month' }, product_data: { name: request.description } } }],
      ...(request.tenantEmail ? { customer_email: request.tenantEmail } : {}),
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      metadata,
      subscription_data: {
        metadata,
        transfer_data: { destination: request.connectedAccountId },
        billing_cycle_anchor: request.firstPaymentAt,
        proration_behavior: 'none',
      },
    },
    { idempotencyKey: request.idempotencyKey },
  );
  if (!session.url) throw new Error(`Stripe answered checkout session ${session.id} without a URL`);
  return { sessionId: session.id, url: session.url };
}

/** Cancels at the end of the current period (the subscription stays active until then) or at once. */
export async function cancelRentSubscription(stripe: Stripe, subscriptionId: string, atPeriodEnd: boolean, reason: string | undefined): Promise<Stripe.Subscription> {
  const details = reason ? { cancellation_details: { comment: reason } } : {};
  return atPeriodEnd ? stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true, ...details }) : stripe.subscriptions.cancel(subscriptionId, details);
}

/**
 * Moves the next debit to `at` (Unix seconds). Stripe sets no billing date on an update; the way it documents is a
 * trial up to the new date without proration: the period ends then and the months after count from it.
 */
export async function moveNextRentPayment(stripe: Stripe, subscriptionId: string, at: number): Promise<Stripe.Subscription> {
  return stripe.subscriptions.update(subscriptionId, { trial_end: at, proration_behavior: 'none' });
}
