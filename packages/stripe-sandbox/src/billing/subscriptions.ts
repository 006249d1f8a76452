// Subscriptions (made by Checkout in `subscription` mode) and their invoices. Each period: an invoice is created,
// finalized and paid from the subscription's default payment method. Events, in creation order:
//   start       customer.subscription.created (incomplete), invoice.created, invoice.finalized, payment_intent.created,
//               charge.succeeded, payment_intent.succeeded, invoice.paid, invoice.payment_succeeded,
//               customer.subscription.updated (active)           — ACH: charge.pending, payment_intent.processing,
//               customer.subscription.updated (active); invoice.paid … when the debit settles
//   renewal     customer.subscription.updated (new period), invoice.created, invoice.finalized, then the payment as above;
//               a failed payment: invoice.payment_failed, customer.subscription.updated (past_due)
//   cancel      customer.subscription.updated (cancel_at_period_end) … customer.subscription.deleted at the period end,
//               or customer.subscription.deleted at once for DELETE
// The invoice's own period_start/period_end look back (Stripe's usage period); the period a line pays for is
// `lines.data[].period`, and the subscription's current period is on its item (`items.data[0].current_period_*`).
import { requireDestination } from '../connect/destinations.js';
import { LIST_PARAMS, listResponse } from '../http/list.js';
import { mergeMetadata, type Params } from '../http/params.js';
import type { Router } from '../http/router.js';
import { invalidRequest, missingParam } from '../http/stripe-error.js';
import { confirmPayment, createPaymentIntent } from '../payments/payment-engine.js';
import type { SandboxContext, SettlementOutcome } from '../sandbox-context.js';
import { newId } from '../state/ids.js';
import type { Owner } from '../state/store.js';
import { changedFields } from '../webhooks/event-log.js';
import type { InvoiceObject, InvoicePaymentObject, PaymentIntentObject, PlanObject, PriceObject, SubscriptionObject } from '../wire/objects.js';
import { boundary, nextBoundaryAfter } from './billing-period.js';

export interface NewSubscription {
  customer: string;
  price: PriceObject;
  quantity: number;
  defaultPaymentMethod: string | null;
  metadata: Record<string, string>;
  description: string | null;
  transferDestination?: string;
  transferAmountPercent?: number;
  applicationFeePercent?: number;
  billingCycleAnchor?: number;
  prorationBehavior: 'create_prorations' | 'none';
  trialEnd?: number;
}

export type InvoicePaymentResult = 'paid' | 'processing' | 'no_payment_required' | 'failed';

function recurring(sub: SubscriptionObject) {
  const price = sub.items.data[0]!.price;
  return { interval: price.recurring!.interval, count: price.recurring!.interval_count, amount: price.unit_amount * sub.items.data[0]!.quantity };
}

export function startSubscription(sb: SandboxContext, input: NewSubscription, owner: Owner): { subscription: SubscriptionObject; invoice: InvoiceObject; result: InvoicePaymentResult } {
  const now = sb.clock.nowSec();
  const { interval, interval_count: count } = input.price.recurring!;
  const fullAmount = input.price.unit_amount * input.quantity;
  let anchor = now;
  let periodEnd: number;
  let firstAmount = fullAmount;
  let description = `${input.quantity} × ${productName(sb, input.price)} (at ${formatPrice(input.price)})`;
  if (input.trialEnd) {
    anchor = input.trialEnd;
    periodEnd = input.trialEnd;
    firstAmount = 0;
    description = `Trial period for ${productName(sb, input.price)}`;
  } else if (input.billingCycleAnchor && input.billingCycleAnchor > now) {
    anchor = input.billingCycleAnchor;
    periodEnd = anchor;
    const fullStart = boundary(anchor, interval, count, -1);
    firstAmount = input.prorationBehavior === 'none' ? 0 : Math.round((fullAmount * (anchor - now)) / (anchor - fullStart));
    description = `Remaining time on ${input.quantity} × ${productName(sb, input.price)} until ${new Date(anchor * 1000).toISOString().slice(0, 10)}`;
  } else {
    periodEnd = boundary(anchor, interval, count, 1);
  }
  const id = newId('sub');
  const sub: SubscriptionObject = {
    id,
    object: 'subscription',
    application: null,
    application_fee_percent: input.applicationFeePercent ?? null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_mode: { flexible: null, type: 'classic' },
    billing_schedules: [],
    billing_thresholds: null,
    invoice_settings: { account_tax_ids: null, custom_fields: null, description: null, footer: null, issuer: { type: 'self' } },
    managed_payments: null,
    next_pending_invoice_item_invoice: null,
    payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: 'off' },
    pending_invoice_item_interval: null,
    trial_settings: { end_behavior: { billing_cycle_anchor: null, missing_payment_method: 'create_invoice' } },
    billing_cycle_anchor: anchor,
    billing_cycle_anchor_config: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    collection_method: 'charge_automatically',
    created: now,
    currency: input.price.currency,
    customer: input.customer,
    customer_account: null,
    days_until_due: null,
    default_payment_method: input.defaultPaymentMethod,
    default_source: null,
    description: input.description,
    discounts: [],
    ended_at: null,
    items: {
      object: 'list',
      data: [
        {
          id: newId('si', 14),
          object: 'subscription_item',
          billing_thresholds: null,
          created: now,
          current_trial: null,
          current_period_end: periodEnd,
          current_period_start: now,
          discounts: [],
          metadata: {},
          plan: planOf(input.price),
          price: input.price,
          quantity: input.quantity,
          subscription: id,
          tax_rates: [],
        },
      ],
      has_more: false,
      url: `/v1/subscription_items?subscription=${id}`,
    },
    latest_invoice: null,
    livemode: false,
    metadata: input.metadata,
    on_behalf_of: null,
    pause_collection: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: now,
    status: firstAmount > 0 ? 'incomplete' : input.trialEnd ? 'trialing' : 'active',
    test_clock: null,
    transfer_data: input.transferDestination ? { destination: input.transferDestination, amount_percent: input.transferAmountPercent ?? null } : null,
    trial_end: input.trialEnd ?? null,
    trial_start: input.trialEnd ? now : null,
  };
  sb.store.subscriptions.insert(sub, owner);
  sb.events.emit('customer.subscription.created', sub, owner);
  const invoice = createInvoice(sb, sub, firstAmount, description, { start: now, end: periodEnd }, { start: now, end: now }, 'subscription_create', owner);
  const result = payInvoice(sb, sub, invoice, owner);
  if (sub.status === 'incomplete' && (result === 'paid' || result === 'processing')) {
    updateSubscription(sb, sub, owner, (s) => {
      s.status = 'active';
    });
  }
  sb.scheduler.schedule('subscription_period_end', sub.id, periodEnd * 1000);
  return { subscription: sub, invoice, result };
}

function createInvoice(
  sb: SandboxContext,
  sub: SubscriptionObject,
  amount: number,
  description: string,
  linePeriod: { start: number; end: number },
  usagePeriod: { start: number; end: number },
  reason: InvoiceObject['billing_reason'],
  owner: Owner,
): InvoiceObject {
  const now = sb.clock.nowSec();
  const customer = sb.store.customers.find(sub.customer)!;
  const id = newId('in');
  const item = sub.items.data[0]!;
  const invoice: InvoiceObject = {
    id,
    object: 'invoice',
    account_country: 'US',
    account_name: 'Stripe sandbox platform',
    account_tax_ids: null,
    application: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    custom_fields: null,
    customer_account: null,
    customer_address: null,
    customer_phone: null,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    default_source: null,
    default_tax_rates: [],
    footer: null,
    from_invoice: null,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    statement_descriptor: null,
    test_clock: null,
    total_discount_amounts: [],
    total_pretax_credit_amounts: [],
    total_taxes: [],
    amount_due: amount,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: amount,
    amount_shipping: 0,
    attempt_count: 0,
    attempted: false,
    auto_advance: true,
    billing_reason: reason,
    collection_method: 'charge_automatically',
    created: now,
    currency: sub.currency,
    customer: sub.customer,
    customer_email: customer.email,
    customer_name: customer.name,
    default_payment_method: null,
    description: null,
    discounts: [],
    due_date: null,
    effective_at: null,
    ending_balance: null,
    hosted_invoice_url: null,
    invoice_pdf: null,
    lines: {
      object: 'list',
      data: [
        {
          id: newId('il'),
          object: 'line_item',
          amount,
          currency: sub.currency,
          description,
          discount_amounts: [],
          discountable: true,
          discounts: [],
          invoice: id,
          livemode: false,
          metadata: {},
          parent: {
            type: 'subscription_item_details',
            invoice_item_details: null,
            subscription_item_details: { invoice_item: null, proration: reason === 'subscription_create' && amount !== item.price.unit_amount * item.quantity && amount > 0, proration_details: { credited_items: null }, subscription: sub.id, subscription_item: item.id },
          },
          period: linePeriod,
          pretax_credit_amounts: [],
          quantity_decimal: String(item.quantity),
          subscription: sub.id,
          pricing: { type: 'price_details', price_details: { price: item.price.id, product: item.price.product }, unit_amount_decimal: item.price.unit_amount_decimal },
          quantity: item.quantity,
          subtotal: amount,
          taxes: [],
        },
      ],
      has_more: false,
      url: `/v1/invoices/${id}/lines`,
    },
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: null,
    on_behalf_of: null,
    parent: { type: 'subscription_details', quote_details: null, subscription_details: { metadata: { ...sub.metadata }, subscription: sub.id } },
    period_end: usagePeriod.end,
    period_start: usagePeriod.start,
    starting_balance: 0,
    status: 'draft',
    status_transitions: { finalized_at: null, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    subtotal: amount,
    subtotal_excluding_tax: amount,
    total: amount,
    total_excluding_tax: amount,
    webhooks_delivered_at: now,
  };
  sb.store.invoices.insert(invoice, owner);
  sub.latest_invoice = id;
  sb.events.emit('invoice.created', invoice, owner);
  invoice.status = 'open';
  invoice.number = `${customer.invoice_prefix}-${String(customer.next_invoice_sequence++).padStart(4, '0')}`;
  invoice.status_transitions.finalized_at = now;
  invoice.effective_at = now;
  sb.events.emit('invoice.finalized', invoice, owner);
  return invoice;
}

function payInvoice(sb: SandboxContext, sub: SubscriptionObject, invoice: InvoiceObject, owner: Owner): InvoicePaymentResult {
  if (invoice.amount_due === 0) {
    markInvoicePaid(sb, invoice, owner);
    return 'no_payment_required';
  }
  const pmId = sub.default_payment_method ?? sb.store.customers.find(sub.customer)?.invoice_settings.default_payment_method ?? null;
  const pm = pmId ? sb.store.paymentMethods.find(pmId) : undefined;
  invoice.attempted = true;
  invoice.attempt_count++;
  if (!pm) {
    sb.events.emit('invoice.payment_failed', invoice, owner);
    return 'failed';
  }
  const pi = createPaymentIntent(
    sb,
    {
      amount: invoice.amount_due,
      currency: invoice.currency,
      customer: sub.customer,
      paymentMethodTypes: [pm.type],
      description: sub.description ?? 'Subscription update',
      ...(sub.transfer_data
        ? {
            transferDestination: sub.transfer_data.destination,
            ...(sub.transfer_data.amount_percent !== null ? { transferAmount: Math.round((invoice.amount_due * sub.transfer_data.amount_percent) / 100) } : {}),
          }
        : {}),
      applicationFeeAmount: sub.application_fee_percent !== null ? Math.round((invoice.amount_due * sub.application_fee_percent) / 100) : null,
      purpose: { invoice: invoice.id },
    },
    owner,
  );
  const result = confirmPayment(sb, pi, pm, owner);
  if (result.status === 'succeeded') {
    markInvoicePaid(sb, invoice, owner);
    return 'paid';
  }
  if (result.status === 'processing') return 'processing';
  sb.events.emit('invoice.payment_failed', invoice, owner);
  return 'failed';
}

function markInvoicePaid(sb: SandboxContext, invoice: InvoiceObject, owner: Owner): void {
  invoice.status = 'paid';
  invoice.amount_paid = invoice.amount_due;
  invoice.amount_remaining = 0;
  invoice.ending_balance = 0;
  invoice.status_transitions.paid_at = sb.clock.nowSec();
  sb.events.emit('invoice.paid', invoice, owner);
  sb.events.emit('invoice.payment_succeeded', invoice, owner);
}

function updateSubscription(sb: SandboxContext, sub: SubscriptionObject, owner: Owner, change: (sub: SubscriptionObject) => void): void {
  const before = structuredClone(sub);
  change(sub);
  const changed = changedFields(before, sub);
  if (Object.keys(changed).length > 0) sb.events.emit('customer.subscription.updated', sub, owner, changed);
}

function cancelNow(sb: SandboxContext, sub: SubscriptionObject, owner: Owner, reason: string): void {
  const now = sb.clock.nowSec();
  sub.status = 'canceled';
  sub.canceled_at = sub.canceled_at ?? now;
  sub.ended_at = now;
  sub.cancellation_details = { comment: sub.cancellation_details?.comment ?? null, feedback: sub.cancellation_details?.feedback ?? null, reason };
  sb.scheduler.cancel('subscription_period_end', sub.id);
  sb.events.emit('customer.subscription.deleted', sub, owner);
}

/** Starts a new period at `start`: the subscription moves on, an invoice for the period is made and paid. */
function rollOver(sb: SandboxContext, sub: SubscriptionObject, start: number, reason: InvoiceObject['billing_reason'], owner: Owner, resetAnchor: boolean): void {
  const item = sub.items.data[0]!;
  const { interval, count, amount } = recurring(sub);
  const previous = { start: item.current_period_start, end: item.current_period_end };
  if (resetAnchor) sub.billing_cycle_anchor = start;
  const end = nextBoundaryAfter(sub.billing_cycle_anchor, interval, count, start);
  updateSubscription(sb, sub, owner, (s) => {
    s.items.data[0]!.current_period_start = start;
    s.items.data[0]!.current_period_end = end;
    if (s.status === 'trialing') s.status = 'active';
  });
  const description = `${item.quantity} × ${productName(sb, item.price)} (at ${formatPrice(item.price)})`;
  const invoice = createInvoice(sb, sub, amount, description, { start, end }, previous, reason, owner);
  const result = payInvoice(sb, sub, invoice, owner);
  if (result === 'failed' && sub.status === 'active') {
    updateSubscription(sb, sub, owner, (s) => {
      s.status = 'past_due';
    });
  }
  sb.scheduler.schedule('subscription_period_end', sub.id, end * 1000);
}

/** Runs when a subscription's current period ends (scheduled at `items.data[0].current_period_end`). */
export function endOfPeriod(sb: SandboxContext, subscriptionId: string): void {
  const sub = sb.store.subscriptions.find(subscriptionId);
  if (!sub || sub.status === 'canceled' || sub.status === 'incomplete_expired') return;
  const owner = sb.store.subscriptions.ownerOf(sub.id);
  const end = sub.items.data[0]!.current_period_end;
  if (sub.cancel_at_period_end || (sub.cancel_at !== null && sub.cancel_at <= end)) {
    cancelNow(sb, sub, owner, 'cancellation_requested');
    return;
  }
  rollOver(sb, sub, end, 'subscription_cycle', owner, false);
}

/** Follows an invoice's processing (ACH) payment to its outcome. */
export function onInvoicePaymentSettled(sb: SandboxContext, pi: PaymentIntentObject, outcome: SettlementOutcome): void {
  const invoiceId = sb.store.internal.purposes[pi.id]?.invoice;
  const invoice = invoiceId ? sb.store.invoices.find(invoiceId) : undefined;
  if (!invoice || invoice.status !== 'open') return;
  const owner = sb.store.invoices.ownerOf(invoice.id);
  const sub = sb.store.subscriptions.find(invoice.parent.subscription_details.subscription);
  if (outcome === 'succeeded') {
    markInvoicePaid(sb, invoice, owner);
    if (sub && sub.status === 'past_due') updateSubscription(sb, sub, owner, (s) => void (s.status = 'active'));
    return;
  }
  sb.events.emit('invoice.payment_failed', invoice, owner);
  if (sub && sub.status === 'active') updateSubscription(sb, sub, owner, (s) => void (s.status = 'past_due'));
}

/** The API version (endive) from which an update's billing_cycle_anchor is an object, `billing_cycle_anchor[type]`. */
const ANCHOR_OBJECT_SINCE = '2026-09-30';

/**
 * An update can only reset the billing cycle to now or leave it: `billing_cycle_anchor[type]=now|unchanged` from
 * endive on, the bare `now|unchanged` before. A date is refused, as Stripe refuses it; moving the next payment date
 * is done with `trial_end` (and `proration_behavior=none`).
 */
function readAnchorUpdate(params: Params, apiVersion: string): 'now' | 'unchanged' | undefined {
  if (!params.has('billing_cycle_anchor')) return undefined;
  const objectForm = apiVersion.slice(0, 10) >= ANCHOR_OBJECT_SINCE;
  const child = typeof params.map['billing_cycle_anchor'] === 'string' ? undefined : params.child('billing_cycle_anchor');
  if (child) {
    const type = child.only(['type']).oneOf('type', ['now', 'unchanged'] as const);
    if (!type) throw missingParam('billing_cycle_anchor[type]');
    return type;
  }
  const value = params.string('billing_cycle_anchor');
  if (objectForm) {
    throw invalidRequest(
      `Invalid billing_cycle_anchor: must be an object with type now or unchanged (billing_cycle_anchor[type]); got ${value ?? "''"}`,
      'billing_cycle_anchor',
    );
  }
  if (value !== 'now' && value !== 'unchanged') throw invalidRequest('Invalid billing_cycle_anchor: must be one of now or unchanged', 'billing_cycle_anchor');
  return value;
}

function updateFromParams(sb: SandboxContext, sub: SubscriptionObject, params: Params, owner: Owner, apiVersion: string): SubscriptionObject {
  params.only([
    'cancel_at_period_end', 'trial_end', 'billing_cycle_anchor', 'proration_behavior', 'metadata', 'default_payment_method',
    'description', 'cancellation_details', 'payment_behavior', 'off_session', 'proration_date',
  ]);
  const metadata = params.metadata();
  if (sub.status === 'canceled') {
    const allowed = ['metadata', 'cancellation_details', 'expand'];
    const other = params.keys().find((k) => !allowed.includes(k));
    if (other) throw invalidRequest('A canceled subscription can only update its cancellation_details and metadata.', other);
    if (metadata) updateSubscription(sb, sub, owner, (s) => void (s.metadata = mergeMetadata(s.metadata, metadata)));
    return sub;
  }
  params.oneOf('proration_behavior', ['create_prorations', 'none', 'always_invoice'] as const);
  const anchor = readAnchorUpdate(params, apiVersion);
  const trialEndRaw = params.string('trial_end');
  let trialEnd: number | 'now' | undefined;
  if (trialEndRaw === 'now') trialEnd = 'now';
  else if (trialEndRaw !== undefined) {
    trialEnd = params.int('trial_end')!;
    if (trialEnd <= sb.clock.nowSec()) {
      throw invalidRequest('Invalid timestamp: must be an integer Unix timestamp in the future.', 'trial_end');
    }
  }
  if (trialEnd !== undefined && anchor === 'now') {
    throw invalidRequest('You may only specify one of these parameters: billing_cycle_anchor, trial_end.', 'billing_cycle_anchor');
  }
  const pmId = params.string('default_payment_method');
  if (pmId) {
    const pm = sb.store.paymentMethods.get(pmId, owner, 'default_payment_method');
    if (pm.customer !== sub.customer) {
      throw invalidRequest(`The customer does not have a payment method with the ID ${pmId}. The payment method must be attached to the customer.`, 'default_payment_method', 'resource_missing');
    }
  }
  const cancelAtPeriodEnd = params.bool('cancel_at_period_end');
  const details = params.child('cancellation_details')?.only(['comment', 'feedback']);
  const now = sb.clock.nowSec();

  updateSubscription(sb, sub, owner, (s) => {
    if (metadata) s.metadata = mergeMetadata(s.metadata, metadata);
    if (pmId) s.default_payment_method = pmId;
    const description = params.nullableString('description');
    if (description !== undefined) s.description = description;
    if (details) {
      s.cancellation_details = {
        comment: details.nullableString('comment') ?? s.cancellation_details?.comment ?? null,
        feedback: details.nullableString('feedback') ?? s.cancellation_details?.feedback ?? null,
        reason: s.cancellation_details?.reason ?? null,
      };
    }
    if (cancelAtPeriodEnd !== undefined) {
      s.cancel_at_period_end = cancelAtPeriodEnd;
      s.cancel_at = cancelAtPeriodEnd ? s.items.data[0]!.current_period_end : null;
      s.canceled_at = cancelAtPeriodEnd ? now : null;
    }
    if (typeof trialEnd === 'number') {
      // Moving the next payment date: a trial until the new date, from which the billing cycle counts.
      s.status = 'trialing';
      s.trial_start = now;
      s.trial_end = trialEnd;
      s.billing_cycle_anchor = trialEnd;
      s.items.data[0]!.current_period_start = now;
      s.items.data[0]!.current_period_end = trialEnd;
      if (s.cancel_at_period_end) s.cancel_at = trialEnd;
    }
  });
  if (typeof trialEnd === 'number') sb.scheduler.schedule('subscription_period_end', sub.id, trialEnd * 1000);
  if ((trialEnd === 'now' && sub.status === 'trialing') || anchor === 'now') {
    if (trialEnd === 'now') sub.trial_end = now;
    rollOver(sb, sub, now, 'subscription_update', owner, true);
  }
  return sub;
}

export function invoicePayments(sb: SandboxContext, invoice: InvoiceObject): InvoicePaymentObject[] {
  return sb.store.paymentIntents
    .list('any', (pi) => sb.store.internal.purposes[pi.id]?.invoice === invoice.id)
    .map((pi) => ({
      id: `inpay_${pi.id.slice(3)}`,
      object: 'invoice_payment',
      amount_paid: pi.status === 'succeeded' ? pi.amount : null,
      amount_requested: pi.amount,
      created: pi.created,
      currency: pi.currency,
      invoice: invoice.id,
      is_default: true,
      livemode: false,
      payment: { type: 'payment_intent', payment_intent: pi.id },
      status: pi.status === 'succeeded' ? 'paid' : pi.status === 'canceled' ? 'canceled' : 'open',
      status_transitions: { canceled_at: pi.canceled_at, paid_at: pi.status === 'succeeded' ? invoice.status_transitions.paid_at : null },
    }));
}

function planOf(price: PriceObject): PlanObject {
  return {
    id: price.id,
    object: 'plan',
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: 'per_unit',
    created: price.created,
    currency: price.currency,
    interval: price.recurring!.interval,
    interval_count: price.recurring!.interval_count,
    livemode: false,
    metadata: price.metadata,
    meter: null,
    nickname: null,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  };
}

function productName(sb: SandboxContext, price: PriceObject): string {
  return sb.store.products.find(price.product)?.name ?? price.product;
}

function formatPrice(price: PriceObject): string {
  const amount = new Intl.NumberFormat('en-US', { style: 'currency', currency: price.currency.toUpperCase() }).format(price.unit_amount / 100);
  const r = price.recurring;
  if (!r) return amount;
  return r.interval_count === 1 ? `${amount} / ${r.interval}` : `${amount} every ${r.interval_count} ${r.interval}s`;
}

export function checkTransferDestination(sb: SandboxContext, destination: string | undefined, param: string): void {
  if (destination) requireDestination(sb, destination, param);
}

export function subscriptionRoutes(router: Router): void {
  router
    .get('/v1/subscriptions', ({ sandbox, params, owner }) => {
      params.only([...LIST_PARAMS, 'customer', 'status', 'price']);
      const customer = params.string('customer');
      const status = params.string('status');
      return listResponse(
        sandbox.store.subscriptions.list(
          owner,
          (s) => (!customer || s.customer === customer) && (status === 'all' ? true : status ? s.status === status : s.status !== 'canceled'),
        ),
        params,
        '/v1/subscriptions',
      );
    })
    .get('/v1/subscriptions/:id', ({ sandbox, path, params, owner }) => {
      params.only([]);
      return sandbox.store.subscriptions.get(path['id']!, owner);
    })
    .post('/v1/subscriptions/:id', ({ sandbox, path, params, owner, apiVersion }) =>
      updateFromParams(sandbox, sandbox.store.subscriptions.get(path['id']!, owner), params, owner, apiVersion),
    )
    .delete('/v1/subscriptions/:id', ({ sandbox, path, params, owner }) => {
      params.only(['invoice_now', 'prorate', 'cancellation_details']);
      const sub = sandbox.store.subscriptions.get(path['id']!, owner);
      if (sub.status === 'canceled') {
        throw invalidRequest(`No such subscription: '${sub.id}'; it has already been canceled.`, 'id', 'resource_missing', 404);
      }
      const details = params.child('cancellation_details')?.only(['comment', 'feedback']);
      if (details) {
        sub.cancellation_details = { comment: details.string('comment') ?? null, feedback: details.string('feedback') ?? null, reason: null };
      }
      cancelNow(sandbox, sub, owner, 'cancellation_requested');
      return sub;
    })
    .get('/v1/invoices', ({ sandbox, params, owner }) => {
      params.only([...LIST_PARAMS, 'customer', 'subscription', 'status']);
      const customer = params.string('customer');
      const subscription = params.string('subscription');
      const status = params.string('status');
      return listResponse(
        sandbox.store.invoices.list(
          owner,
          (i) => (!customer || i.customer === customer) && (!subscription || i.parent.subscription_details.subscription === subscription) && (!status || i.status === status),
        ),
        params,
        '/v1/invoices',
      );
    })
    // An invoice's payments, or the invoice a PaymentIntent paid (`payment[type]=payment_intent&payment[payment_intent]=`):
    // a subscription's PaymentIntent carries no metadata of its own, so this is how a receiver ties its events to the
    // subscription's invoice.
    .get('/v1/invoice_payments', ({ sandbox, params, owner }) => {
      params.only([...LIST_PARAMS, 'invoice', 'payment', 'status']);
      const invoiceId = params.string('invoice');
      const payment = params.child('payment')?.only(['type', 'payment_intent', 'payment_record']);
      const type = payment?.oneOf('type', ['payment_intent', 'payment_record'] as const);
      if (payment && !type) throw missingParam('payment[type]');
      const paymentIntent = payment?.string('payment_intent');
      const status = params.oneOf('status', ['canceled', 'open', 'paid'] as const);
      const invoices = invoiceId ? [sandbox.store.invoices.get(invoiceId, owner, 'invoice')] : sandbox.store.invoices.list(owner, () => true);
      const found = invoices
        .flatMap((invoice) => invoicePayments(sandbox, invoice))
        .filter((p) => (type !== 'payment_record' || false) && (!paymentIntent || p.payment.payment_intent === paymentIntent) && (!status || p.status === status));
      return listResponse(found, params, '/v1/invoice_payments');
    })
    .get('/v1/invoices/:id', ({ sandbox, path, params, owner }) => {
      params.only([]);
      return sandbox.store.invoices.get(path['id']!, owner);
    });
}
