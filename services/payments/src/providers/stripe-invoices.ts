import type Stripe from 'stripe';

/** A subscription invoice a PaymentIntent was made to pay: its id, its subscription and the subscription's metadata. */
export interface InvoiceOfPayment {
  invoiceId: string;
  subscriptionId: string;
  metadata: Stripe.Metadata;
}

/**
 * The subscription invoice a PaymentIntent pays, or null for one that pays none. A subscription's PaymentIntent carries
 * no metadata of its own (Stripe puts the subscription's on the invoice, `parent.subscription_details`), so its events
 * (an ACH debit clearing, a debit returned) are tied to the rent through the invoice payment that names it.
 */
export async function invoiceOfPaymentIntent(stripe: Stripe, paymentIntentId: string): Promise<InvoiceOfPayment | null> {
  const payments = await stripe.invoicePayments.list({ payment: { type: 'payment_intent', payment_intent: paymentIntentId }, limit: 1 });
  const invoiceRef = payments.data[0]?.invoice;
  if (!invoiceRef) return null;
  const invoice = await stripe.invoices.retrieve(typeof invoiceRef === 'string' ? invoiceRef : invoiceRef.id!);
  const details = invoice.parent?.subscription_details;
  const subscription = details?.subscription;
  if (!invoice.id || !subscription) return null;
  return { invoiceId: invoice.id, subscriptionId: typeof subscription === 'string' ? subscription : subscription.id, metadata: details.metadata ?? {} };
}
