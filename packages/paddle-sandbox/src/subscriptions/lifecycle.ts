// A subscription's life: started by a completed checkout (trialing when its price has a trial, else active), renewed
// at each period end (a trial's end is its first charge), past due when a renewal is declined and back to active when
// a new card pays it, canceled at once or at the period end. Events follow Paddle's: subscription.created with
// subscription.trialing or subscription.activated, subscription.updated on every change, subscription.past_due,
// subscription.canceled; the transactions' own events come from transaction-model.ts.
import type { ISubscriptionItemResponse, SubscriptionStatus } from '@paddle/paddle-node-sdk';
import type { SandboxContext } from '../sandbox-context.js';
import { newId, randomToken } from '../state/ids.js';
import { addPeriods } from '../state/periods.js';
import type { SubscriptionInternals } from '../state/store.js';
import { chargeTransaction, completeTransaction, createTransaction } from '../transactions/transaction-model.js';
import type { PriceObject, SubscriptionObject, TransactionObject } from '../wire/objects.js';

export function internalsOf(sb: SandboxContext, subscription: SubscriptionObject): SubscriptionInternals {
  return sb.store.internal.subscriptions[subscription.id]!;
}

/** The subscription as a notification carries it: without management URLs (API answers only). */
export function subscriptionNotification(subscription: SubscriptionObject, extra: Record<string, unknown> = {}): object {
  const { management_urls: _urls, ...rest } = subscription;
  return { ...rest, ...extra };
}

function emit(sb: SandboxContext, type: 'subscription.created' | 'subscription.trialing' | 'subscription.activated' | 'subscription.updated' | 'subscription.past_due' | 'subscription.canceled', subscription: SubscriptionObject, extra?: Record<string, unknown>): void {
  sb.events.emit(type, subscriptionNotification(subscription, extra));
}

export function subscriptionItem(sb: SandboxContext, price: PriceObject, quantity: number, now: string): ISubscriptionItemResponse {
  return {
    status: 'active',
    quantity,
    recurring: true,
    created_at: now,
    updated_at: now,
    previously_billed_at: null,
    next_billed_at: null,
    trial_dates: null,
    price,
    product: sb.store.products.find(price.product_id)!,
  };
}

/** Keeps the items' status and billing dates in step with the subscription's. */
function syncItems(subscription: SubscriptionObject, now: string): void {
  for (const item of subscription.items) {
    item.status = subscription.status === 'trialing' ? 'trialing' : subscription.status === 'canceled' ? 'inactive' : 'active';
    item.next_billed_at = subscription.next_billed_at ?? null;
    item.trial_dates = subscription.status === 'trialing' ? (subscription.current_billing_period ?? null) : item.trial_dates ?? null;
    item.updated_at = now;
  }
  subscription.updated_at = now;
}

function setStatus(sb: SandboxContext, subscription: SubscriptionObject, status: SubscriptionStatus): void {
  subscription.status = status;
  syncItems(subscription, sb.clock.nowIso());
}

/** The subscription a completed checkout starts; `transaction` is the checkout's, already paid. */
export function startSubscription(sb: SandboxContext, transaction: TransactionObject, paymentMethodId: string): SubscriptionObject {
  const now = sb.clock.nowIso();
  const first = transaction.items[0]!;
  const price = first.price!;
  const cycle = price.billing_cycle!;
  const trial = price.trial_period;
  const id = newId('sub', sb.clock.nowMs());
  const token = randomToken(24);
  const trialEnd = trial ? addPeriods(now, trial) : null;
  const period = { starts_at: now, ends_at: trialEnd ?? addPeriods(now, cycle) };
  const subscription = sb.store.subscriptions.add({
    id,
    status: trial ? 'trialing' : 'active',
    customer_id: transaction.customer_id!,
    address_id: transaction.address_id!,
    business_id: null,
    currency_code: 'USD',
    created_at: now,
    updated_at: now,
    started_at: now,
    first_billed_at: trial ? null : now,
    next_billed_at: period.ends_at,
    paused_at: null,
    canceled_at: null,
    discount: null,
    collection_mode: 'automatic',
    billing_details: null,
    current_billing_period: period,
    billing_cycle: cycle,
    scheduled_change: null,
    management_urls: {
      update_payment_method: `${sb.baseUrl()}/manage/subscriptions/${id}/update-payment-method?token=${token}`,
      cancel: `${sb.baseUrl()}/manage/subscriptions/${id}/cancel?token=${token}`,
    },
    items: transaction.items.map((item) => ({ ...subscriptionItem(sb, item.price!, item.quantity, now), previously_billed_at: trial ? null : now })),
    custom_data: transaction.custom_data ?? null,
    import_meta: null,
  });
  syncItems(subscription, now);
  sb.store.internal.subscriptions[id] = { anchor: trialEnd ?? now, periods: trial ? 0 : 1, paymentMethodId, token, pastDueTransactionId: null };
  transaction.subscription_id = id;
  transaction.billing_period = period;
  sb.scheduler.at('period_end', id, Date.parse(period.ends_at));
  emit(sb, 'subscription.created', subscription, { transaction_id: transaction.id });
  emit(sb, trial ? 'subscription.trialing' : 'subscription.activated', subscription);
  return subscription;
}

/** A period ends: the scheduled cancellation takes effect, or the next period is billed. */
export function endOfPeriod(sb: SandboxContext, subscriptionId: string): void {
  const subscription = sb.store.subscriptions.find(subscriptionId);
  if (!subscription || subscription.status === 'canceled' || subscription.status === 'past_due') return;
  if (subscription.scheduled_change?.action === 'cancel') {
    cancelNow(sb, subscription, subscription.scheduled_change.effective_at);
    return;
  }
  renew(sb, subscription);
}

function renew(sb: SandboxContext, subscription: SubscriptionObject): void {
  const internals = internalsOf(sb, subscription);
  const k = internals.periods;
  const period = { starts_at: addPeriods(internals.anchor, subscription.billing_cycle, k), ends_at: addPeriods(internals.anchor, subscription.billing_cycle, k + 1) };
  internals.periods = k + 1;
  const transaction = createTransaction(sb, {
    charges: subscription.items.map((item) => ({ price: item.price, quantity: item.quantity, amountCents: Number(item.price.unit_price.amount) * item.quantity })),
    customerId: subscription.customer_id,
    addressId: subscription.address_id,
    customData: subscription.custom_data ?? null,
    origin: 'subscription_recurring',
    subscriptionId: subscription.id,
    billingPeriod: period,
    purpose: { kind: 'renewal', subscriptionId: subscription.id },
    hasCheckout: false,
  });
  const wasTrialing = subscription.status === 'trialing';
  subscription.current_billing_period = period;
  const method = sb.store.paymentMethods.find(internals.paymentMethodId)!;
  if (!chargeTransaction(sb, transaction, method, method.declines)) {
    transaction.status = 'past_due';
    transaction.billed_at = sb.clock.nowIso();
    internals.pastDueTransactionId = transaction.id;
    subscription.next_billed_at = null;
    setStatus(sb, subscription, 'past_due');
    sb.events.emit('transaction.past_due', transaction);
    emit(sb, 'subscription.past_due', subscription);
    emit(sb, 'subscription.updated', subscription);
    return;
  }
  // Billed at the boundary itself: the clock has moved a little past it by the time the job runs.
  subscription.first_billed_at ??= period.starts_at;
  subscription.next_billed_at = period.ends_at;
  for (const item of subscription.items) item.previously_billed_at = period.starts_at;
  setStatus(sb, subscription, 'active');
  emit(sb, 'subscription.updated', subscription);
  if (wasTrialing) emit(sb, 'subscription.activated', subscription);
  completeTransaction(sb, transaction);
  sb.scheduler.at('period_end', subscription.id, Date.parse(period.ends_at));
}

/** A new card pays the renewal that was declined: the subscription is active again in its current period. */
export function recoverPastDue(sb: SandboxContext, subscription: SubscriptionObject): void {
  const internals = internalsOf(sb, subscription);
  const transaction = internals.pastDueTransactionId ? sb.store.transactions.find(internals.pastDueTransactionId) : undefined;
  if (subscription.status !== 'past_due' || !transaction) return;
  if (!chargeTransaction(sb, transaction, sb.store.paymentMethods.find(internals.paymentMethodId)!, false)) return;
  internals.pastDueTransactionId = null;
  const now = sb.clock.nowIso();
  subscription.first_billed_at ??= now;
  subscription.next_billed_at = subscription.current_billing_period!.ends_at;
  for (const item of subscription.items) item.previously_billed_at = now;
  setStatus(sb, subscription, 'active');
  emit(sb, 'subscription.updated', subscription);
  completeTransaction(sb, transaction);
  sb.scheduler.at('period_end', subscription.id, Date.parse(subscription.current_billing_period!.ends_at));
}

export function cancelNow(sb: SandboxContext, subscription: SubscriptionObject, at = sb.clock.nowIso()): void {
  const internals = internalsOf(sb, subscription);
  const pastDue = internals.pastDueTransactionId ? sb.store.transactions.find(internals.pastDueTransactionId) : undefined;
  if (pastDue) {
    pastDue.status = 'canceled';
    pastDue.updated_at = at;
    internals.pastDueTransactionId = null;
  }
  subscription.canceled_at = at;
  subscription.scheduled_change = null;
  subscription.next_billed_at = null;
  subscription.current_billing_period = null;
  subscription.management_urls = { update_payment_method: null, cancel: subscription.management_urls!.cancel };
  setStatus(sb, subscription, 'canceled');
  sb.scheduler.cancel('period_end', subscription.id);
  emit(sb, 'subscription.canceled', subscription);
}

/** Cancels at the end of the current period (a trial's end for a trialing subscription). */
export function scheduleCancel(sb: SandboxContext, subscription: SubscriptionObject): void {
  subscription.scheduled_change = { action: 'cancel', effective_at: subscription.current_billing_period!.ends_at, resume_at: null };
  subscription.next_billed_at = null;
  syncItems(subscription, sb.clock.nowIso());
  emit(sb, 'subscription.updated', subscription);
}

/** Takes a scheduled cancellation back: billing goes on at the period end. */
export function removeScheduledChange(sb: SandboxContext, subscription: SubscriptionObject): void {
  subscription.scheduled_change = null;
  subscription.next_billed_at = subscription.current_billing_period?.ends_at ?? null;
  syncItems(subscription, sb.clock.nowIso());
}

export function changed(sb: SandboxContext, subscription: SubscriptionObject): void {
  syncItems(subscription, sb.clock.nowIso());
  emit(sb, 'subscription.updated', subscription);
}
