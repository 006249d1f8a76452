import type Stripe from 'stripe';
import type { LedgerEntry } from '../ledger/ledger.js';
import type { InvoiceOfPayment } from '../providers/stripe-invoices.js';
import { localDate } from '../ledger/plain-date.js';

/**
 * What the payments service writes on every Checkout Session it creates (`metadata` and
 * `payment_intent_data.metadata`), so each webhook names the unit whose ledger it moves and the time zone its dates
 * are read in (the location's): an event without them is not one of ours and moves nothing.
 */
export const LEDGER_METADATA = {
  unitId: 'pm_unit_id',
  timeZone: 'pm_time_zone',
  feeCents: 'pm_fee_cents',
  /** On a refund: the ledger's id of the payment it gives back (a recurring month's is its invoice's, not its PaymentIntent's). */
  paymentId: 'pm_payment_id',
  /** On a refund: the manager's reason. */
  reason: 'pm_reason',
} as const;

/** Whether reading `event` needs the invoice its PaymentIntent pays: a bank debit's event without metadata of ours. */
export function needsInvoiceOf(event: Stripe.Event): string | null {
  if (event.type !== 'payment_intent.processing' && event.type !== 'payment_intent.payment_failed') return null;
  const intent = event.data.object;
  if (ownerOf(intent.metadata)) return null;
  const method = event.type === 'payment_intent.payment_failed' ? intent.last_payment_error?.payment_method?.type : intent.payment_method_types.includes('us_bank_account') ? 'us_bank_account' : null;
  return method === 'us_bank_account' ? intent.id : null;
}

/** The ledger entries one Stripe event stands for, and the unit they belong to. */
export interface LedgerChange {
  unitId: string;
  entries: LedgerEntry[];
}

/**
 * Reads a Stripe event (verified by the caller) as ledger entries. Each entry's id is derived from the payment it
 * is about, never from the event, so the same fact told by two events (an ACH failure is both
 * `checkout.session.async_payment_failed` and `payment_intent.payment_failed`) or by one event delivered twenty times
 * is one entry; the order events arrive in does not matter either, as `Ledger.of` waits for a payment a later fact
 * names. Money movement is read from these events only (the webhooks are the source of truth), never from a redirect.
 *
 * - `checkout.session.completed`, payment mode: the payment, `paid` by card at once, `unpaid` for a bank debit, which
 *   is a clearing ACH payment, shown as processing until it settles or fails;
 * - `checkout.session.async_payment_succeeded`: the ACH payment settled;
 * - `checkout.session.async_payment_failed`, and `payment_intent.payment_failed` of a bank debit (a return after it
 *   had settled comes only as that): the payment returned, reversed whole once (a card declined on the checkout page
 *   recorded no payment, so its failures move nothing);
 * - `refund.created`: a refund of the payment its metadata names (else its PaymentIntent's);
 * - recurring rent, a subscription's month (its invoice's subscription metadata names the unit; the payment's id is
 *   the invoice's, one per month): `payment_intent.processing` of the invoice's bank debit, the payment clearing;
 *   `invoice.paid`, the payment settled (or recorded settled, when its debit's processing event is not here yet);
 *   `payment_intent.payment_failed` of its bank debit, returned. A subscription's PaymentIntent carries no metadata, so
 *   for these the caller passes `invoice`, the invoice the PaymentIntent pays (`invoiceOfPaymentIntent`).
 */
export function ledgerChangeOf(event: Stripe.Event, invoice: InvoiceOfPayment | null = null): LedgerChange | null {
  const at = new Date(event.created * 1000);
  const postedAt = at.toISOString();
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      const paymentIntent = idOf(session.payment_intent);
      const ours = ownerOf(session.metadata);
      if (session.mode !== 'payment' || !paymentIntent || !ours || session.amount_total === null) return null;
      // The card fee paid with the rent is the provider's, not rent paid: the ledger counts the rest.
      const rentCents = session.amount_total - feeOf(session.metadata, session.amount_total);
      if (rentCents <= 0) return null;
      const clearing = session.payment_status === 'unpaid';
      return {
        unitId: ours.unitId,
        entries: [
          {
            type: 'payment',
            id: paymentEntryId(paymentIntent),
            postedAt,
            amountCents: rentCents,
            method: clearing ? 'ach' : 'card',
            paidOn: localDate(at, ours.timeZone),
            clearing,
            checkoutSessionId: session.id,
          },
        ],
      };
    }
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      const paymentIntent = idOf(session.payment_intent);
      const ours = ownerOf(session.metadata);
      if (!paymentIntent || !ours) return null;
      return { unitId: ours.unitId, entries: [{ type: 'payment_settled', id: `${paymentEntryId(paymentIntent)}:settled`, postedAt, paymentId: paymentEntryId(paymentIntent), settledOn: localDate(at, ours.timeZone) }] };
    }
    case 'checkout.session.async_payment_failed': {
      const session = event.data.object;
      const paymentIntent = idOf(session.payment_intent);
      const ours = ownerOf(session.metadata);
      if (!paymentIntent || !ours) return null;
      return { unitId: ours.unitId, entries: [returnedEntry(paymentEntryId(paymentIntent), postedAt, localDate(at, ours.timeZone), 'The bank debit failed')] };
    }
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      const ours = ownerOf(intent.metadata) ?? ownerOf(invoice?.metadata);
      if (!ours || intent.last_payment_error?.payment_method?.type !== 'us_bank_account') return null;
      const error = intent.last_payment_error;
      const reason = [error.code, error.message].filter(Boolean).join(': ') || 'The bank debit was returned';
      const paymentId = invoice && !ownerOf(intent.metadata) ? `stripe:${invoice.invoiceId}` : paymentEntryId(intent.id);
      return { unitId: ours.unitId, entries: [returnedEntry(paymentId, postedAt, localDate(at, ours.timeZone), reason)] };
    }
    case 'payment_intent.processing': {
      // Only a recurring month's debit: a checkout's ACH payment is recorded from its session (it knows the fee).
      const intent = event.data.object;
      const ours = ownerOf(invoice?.metadata);
      if (!invoice || !ours || ownerOf(intent.metadata) || intent.amount <= 0) return null;
      return {
        unitId: ours.unitId,
        entries: [{ type: 'payment', id: `stripe:${invoice.invoiceId}`, postedAt, amountCents: intent.amount, method: 'ach', paidOn: localDate(at, ours.timeZone), clearing: true, subscriptionId: invoice.subscriptionId }],
      };
    }
    case 'refund.created': {
      const refund = event.data.object;
      const paymentIntent = idOf(refund.payment_intent);
      const ours = ownerOf(refund.metadata);
      if (!paymentIntent || !ours || refund.amount <= 0) return null;
      const named = refund.metadata?.[LEDGER_METADATA.paymentId];
      const paymentId = named && /^stripe:(pi|in)_[A-Za-z0-9_]+$/.test(named) ? named : paymentEntryId(paymentIntent);
      return {
        unitId: ours.unitId,
        entries: [{ type: 'refund', id: `stripe:${refund.id}`, postedAt, paymentId, amountCents: refund.amount, refundedOn: localDate(at, ours.timeZone) }],
      };
    }
    case 'invoice.paid': {
      const paid = event.data.object;
      const subscription = paid.parent?.subscription_details;
      const ours = ownerOf(subscription?.metadata);
      const subscriptionId = idOf(subscription?.subscription);
      if (!ours || !subscriptionId || !paid.id || paid.amount_paid <= 0) return null;
      const paidAt = paid.status_transitions.paid_at ? new Date(paid.status_transitions.paid_at * 1000) : at;
      const paymentId = `stripe:${paid.id}`;
      // Recorded settled when its clearing debit is not in the ledger yet; settling it when it is (one entry each, by id).
      return {
        unitId: ours.unitId,
        entries: [
          { type: 'payment', id: paymentId, postedAt, amountCents: paid.amount_paid, method: 'ach', paidOn: localDate(paidAt, ours.timeZone), clearing: false, subscriptionId },
          { type: 'payment_settled', id: `${paymentId}:settled`, postedAt, paymentId, settledOn: localDate(paidAt, ours.timeZone) },
        ],
      };
    }
    default:
      return null;
  }
}

/** The ledger's id for a payment made through Stripe: its PaymentIntent's. */
export function paymentEntryId(paymentIntentId: string): string {
  return `stripe:${paymentIntentId}`;
}

function returnedEntry(paymentId: string, postedAt: string, returnedOn: string, reason: string): LedgerEntry {
  return {
    type: 'payment_returned',
    id: `${paymentId}:returned`,
    postedAt,
    paymentId,
    returnedOn,
    reason: reason.slice(0, 500),
  };
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/** The card fee a session carried (metadata written by the payments service); 0 when absent or not below the total. */
function feeOf(metadata: Stripe.Metadata | null | undefined, totalCents: number): number {
  const text = metadata?.[LEDGER_METADATA.feeCents];
  if (!text || !/^[0-9]{1,9}$/.test(text)) return 0;
  const fee = Number(text);
  return fee < totalCents ? fee : 0;
}

function ownerOf(metadata: Stripe.Metadata | null | undefined): { unitId: string; timeZone: string } | null {
  const unitId = metadata?.[LEDGER_METADATA.unitId];
  const timeZone = metadata?.[LEDGER_METADATA.timeZone];
  if (!unitId || !timeZone || !isTimeZone(timeZone)) return null;
  return { unitId, timeZone };
}

function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}
