import type Stripe from 'stripe';
import { LEDGER_METADATA } from '../provider-events/stripe-ledger-events.js';

export interface StripeRefundRequest {
  paymentIntentId: string;
  amountCents: number;
  /** The ledger's id of the payment refunded, which the refund's webhook names (a recurring month's is its invoice's). */
  paymentEntryId: string;
  unitId: string;
  timeZone: string;
  reason: string | undefined;
  idempotencyKey: string;
}

/**
 * A refund of a payment made through Stripe. The rent went on to the manager's connected account (a destination
 * charge), so the transfer is reversed for the amount: the money comes back from the manager, not the platform. The
 * card fee stays the platform's (the card network keeps its own fee on a refund). The unit, the time zone and the
 * ledger's payment go into the metadata, which is how `refund.created` finds its ledger.
 */
export async function refundStripePayment(stripe: Stripe, request: StripeRefundRequest): Promise<Stripe.Refund> {
  return stripe.refunds.create(
    {
      payment_intent: request.paymentIntentId,
      amount: request.amountCents,
      reverse_transfer: true,
      reason: 'requested_by_customer',
      metadata: {
        [LEDGER_METADATA.unitId]: request.unitId,
        [LEDGER_METADATA.timeZone]: request.timeZone,
        [LEDGER_METADATA.paymentId]: request.paymentEntryId,
        ...(request.reason ? { [LEDGER_METADATA.reason]: request.reason.slice(0, 500) } : {}),
      },
    },
    { idempotencyKey: request.idempotencyKey },
  );
}

/** The PaymentIntent that paid an invoice (a recurring month's debit), or null while none has. */
export async function paymentIntentOfInvoice(stripe: Stripe, invoiceId: string): Promise<string | null> {
  const invoice = await stripe.invoices.retrieve(invoiceId, { expand: ['payments'] });
  const paid = invoice.payments?.data.find((payment) => payment.status === 'paid') ?? invoice.payments?.data[0];
  const intent = paid?.payment.payment_intent;
  return intent ? (typeof intent === 'string' ? intent : intent.id) : null;
}
