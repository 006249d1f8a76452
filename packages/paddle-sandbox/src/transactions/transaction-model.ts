// Transactions as Paddle keeps them: items with their prices, totals in cents as strings (tax 0: the sandbox
// computes no tax), payment attempts, and the status moving ready → paid → completed (or past_due when a renewal is
// declined). Each change that Paddle notifies about emits its event here.
import { randomUUID } from 'node:crypto';
import type { ITransactionLineItemResponse, TransactionOrigin } from '@paddle/paddle-node-sdk';
import type { SandboxContext } from '../sandbox-context.js';
import { newId, randomToken } from '../state/ids.js';
import type { TransactionPurpose } from '../state/store.js';
import type { PaymentMethodRecord, PriceObject, TransactionObject } from '../wire/objects.js';

export interface Charge {
  price: PriceObject;
  quantity: number;
  /** What this line costs in this transaction, in cents (0 for a trial, a part of the price for a proration). */
  amountCents: number;
  proration?: { rate: number; startsAt: string; endsAt: string };
}

export interface NewTransaction {
  charges: Charge[];
  customerId: string | null;
  addressId: string | null;
  customData: Record<string, unknown> | null;
  origin: TransactionOrigin;
  subscriptionId: string | null;
  billingPeriod: { starts_at: string; ends_at: string } | null;
  purpose: TransactionPurpose;
  /** The payment link the caller asked for (kept: the answer's checkout.url is the sandbox's own page). */
  hasCheckout: boolean;
}

const cents = (n: number) => String(Math.round(n));
const lineTotals = (amount: number) => ({ subtotal: cents(amount), discount: '0', tax: '0', total: cents(amount) });

export function checkoutUrl(sb: SandboxContext, transactionId: string): string {
  return `${sb.baseUrl()}/checkout/${transactionId}`;
}

export function createTransaction(sb: SandboxContext, input: NewTransaction): TransactionObject {
  const now = sb.clock.nowIso();
  const id = newId('txn', sb.clock.nowMs());
  const total = input.charges.reduce((sum, c) => sum + c.amountCents, 0);
  const lineItems: ITransactionLineItemResponse[] = input.charges.map((c) => ({
    id: `txnitm_${randomToken(26)}`,
    price_id: c.price.id,
    quantity: c.quantity,
    proration: c.proration ? { rate: c.proration.rate.toFixed(5), billing_period: { starts_at: c.proration.startsAt, ends_at: c.proration.endsAt } } : null,
    tax_rate: '0',
    unit_totals: lineTotals(c.amountCents / c.quantity),
    totals: lineTotals(c.amountCents),
    product: sb.store.products.find(c.price.product_id) ?? null,
  }));
  const transaction = sb.store.transactions.add({
    id,
    status: input.customerId && input.addressId ? 'ready' : 'draft',
    customer_id: input.customerId,
    address_id: input.addressId,
    business_id: null,
    custom_data: input.customData,
    currency_code: 'USD',
    origin: input.origin,
    subscription_id: input.subscriptionId,
    invoice_id: null,
    invoice_number: null,
    collection_mode: 'automatic',
    discount_id: null,
    billing_details: null,
    billing_period: input.billingPeriod,
    items: input.charges.map((c) => ({ price_id: c.price.id, price: c.price, quantity: c.quantity, proration: lineItems.find((l) => l.price_id === c.price.id)?.proration ?? null })),
    details: {
      tax_rates_used: [{ tax_rate: '0', totals: lineTotals(total) }],
      totals: { ...lineTotals(total), credit: '0', credit_to_balance: '0', balance: cents(total), grand_total: cents(total), grand_total_tax: '0', fee: null, earnings: null, currency_code: 'USD' },
      payout_totals: null,
      line_items: lineItems,
    },
    payments: [],
    checkout: input.hasCheckout ? { url: checkoutUrl(sb, id) } : null,
    created_at: now,
    updated_at: now,
    billed_at: null,
    revised_at: null,
  });
  sb.store.internal.purposes[id] = input.purpose;
  return transaction;
}

export function totalCents(transaction: TransactionObject): number {
  return Number(transaction.details?.totals?.grand_total ?? '0');
}

/**
 * One charge on a card: a captured payment moves the transaction to `paid` (transaction.paid); a declined one is
 * recorded as a failed attempt (transaction.payment_failed) and the transaction stays as it was.
 */
export function chargeTransaction(sb: SandboxContext, transaction: TransactionObject, method: PaymentMethodRecord, declined: boolean): boolean {
  const now = sb.clock.nowIso();
  transaction.payments.unshift({
    payment_attempt_id: randomUUID(),
    stored_payment_method_id: randomUUID(),
    payment_method_id: method.id,
    amount: cents(totalCents(transaction)),
    status: declined ? 'error' : 'captured',
    error_code: declined ? 'declined' : null,
    method_details: { type: 'card', card: method.card, paypal: null, south_korea_local_card: null, underlying_details: null },
    created_at: now,
    captured_at: declined ? null : now,
  });
  transaction.updated_at = now;
  if (declined) {
    sb.events.emit('transaction.payment_failed', transaction);
    return false;
  }
  transaction.status = 'paid';
  transaction.billed_at ??= now;
  if (transaction.details?.totals) transaction.details.totals.balance = '0';
  sb.events.emit('transaction.paid', transaction);
  return true;
}

/** A paid transaction is invoiced and completed (transaction.completed). */
export function completeTransaction(sb: SandboxContext, transaction: TransactionObject): void {
  transaction.status = 'completed';
  transaction.invoice_id = newId('inv', sb.clock.nowMs());
  transaction.invoice_number = `SBX-${String(++sb.store.internal.invoiceSequence).padStart(6, '0')}`;
  transaction.updated_at = sb.clock.nowIso();
  sb.events.emit('transaction.completed', transaction);
}
