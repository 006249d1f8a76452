import type Stripe from 'stripe';
import type { PaymentLinkMethod } from '@pm/contracts';
import { LEDGER_METADATA } from '../provider-events/stripe-ledger-events.js';

export interface RentCheckoutRequest {
  unitId: string;
  /** The location's IANA time zone: the ledger reads the payment's date in it. */
  timeZone: string;
  amountCents: number;
  /** How the tenant pays on this link: a US bank account (ACH, no fee) or a card (with `feeCents` on top). */
  method: PaymentLinkMethod;
  /** The card fee the tenant pays on top of the rent, its own line on the checkout page; 0 for ACH. */
  feeCents: number;
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
 * A one-off rent payment link: a Checkout Session on the platform for one method, a US bank account (ACH, no fee) or
 * a card (its fee a line of its own), the money sent on to the manager's connected account less the card fee. The unit and the location's time zone go into the session's and
 * the PaymentIntent's metadata, which is how every webhook about it finds its ledger (`ledgerChangeOf`), with the fee,
 * which the ledger does not count as rent paid. The
 * success URL carries `{CHECKOUT_SESSION_ID}`, which Stripe replaces, so `/rent/success` can verify the payment.
 */
export async function createRentCheckout(stripe: Stripe, request: RentCheckoutRequest): Promise<{ sessionId: string; url: string }> {
  const metadata = { [LEDGER_METADATA.unitId]: request.unitId, [LEDGER_METADATA.timeZone]: request.timeZone, [LEDGER_METADATA.feeCents]: String(request.feeCents) };
  const lineItem = (name: string, cents: number) => ({ quantity: 1, price_data: { currency: 'usd', unit_amount: cents, product_data: { name } } });
  const session = await stripe.checkout.sessions.create(
    {
      mode: 'payment',
      allowed_payment_method_types: [request.method],
      line_items: [lineItem(request.description, request.amountCents), ...(request.feeCents > 0 ? [lineItem('Card processing fee', request.feeCents)] : [])],
      ...(request.tenantEmail ? { customer_email: request.tenantEmail } : {}),
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      metadata,
      // The fee pays the card processing: the platform keeps it, the rent goes on to the manager.
      payment_intent_data: { metadata, transfer_data: { destination: request.connectedAccountId }, ...(request.feeCents > 0 ? { application_fee_amount: request.feeCents } : {}) },
    },
    { idempotencyKey: request.idempotencyKey },
  );
  if (!session.url) throw new Error(`Stripe answered checkout session ${session.id} without a URL`);
  return { sessionId: session.id, url: session.url };
}
