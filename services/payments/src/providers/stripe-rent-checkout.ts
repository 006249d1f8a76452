import type Stripe from 'stripe';
import { LEDGER_METADATA } from '../provider-events/stripe-ledger-events.js';

export interface RentCheckoutRequest {
  unitId: string;
  /** The location's IANA time zone: the ledger reads the payment's date in it. */
  timeZone: string;
  amountCents: number;
  /** What the tenant sees on the checkout page, e.g. "Rent for December 2026, Unit 2B". */
  description: string;
  /** The manager account's Stripe Connect account, which receives the money (a destination charge). */
  connectedAccountId: string;
  tenantEmail: string | null;
  successUrl: string;
  cancelUrl: string;
  /** Makes a retried request (a double click, a timeout) answer the first session instead of making another. */
  idempotencyKey: string;
}

/**
 * A one-off rent payment link: a Checkout Session on the platform, card or US bank account (ACH, the lowest fee), the
 * money sent on to the manager's connected account. The unit and the location's time zone go into the session's and
 * the PaymentIntent's metadata, which is how every webhook about it finds its ledger (`ledgerChangeOf`). The
 * success URL carries `{CHECKOUT_SESSION_ID}`, which Stripe replaces, so `/rent/success` can verify the payment.
 */
export async function createRentCheckout(stripe: Stripe, request: RentCheckoutRequest): Promise<{ sessionId: string; url: string }> {
  const metadata = { [LEDGER_METADATA.unitId]: request.unitId, [LEDGER_METADATA.timeZone]: request.timeZone };
  const session = await stripe.checkout.sessions.create(
    {
      mode: 'payment',
      allowed_payment_method_types: ['us_bank_account', 'card'],
      line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: request.amountCents, product_data: { name: request.description } } }],
      ...(request.tenantEmail ? { customer_email: request.tenantEmail } : {}),
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      metadata,
      payment_intent_data: { metadata, transfer_data: { destination: request.connectedAccountId } },
    },
    { idempotencyKey: request.idempotencyKey },
  );
  if (!session.url) throw new Error(`Stripe answered checkout session ${session.id} without a URL`);
  return { sessionId: session.id, url: session.url };
}
