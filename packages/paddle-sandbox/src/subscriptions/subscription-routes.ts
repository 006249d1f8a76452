// GET /subscriptions, GET /subscriptions/{id}, POST /subscriptions/{id}/cancel, PATCH /subscriptions/{id} (plan
// change, custom data, taking back a scheduled cancellation), GET /subscriptions/{id}/update-payment-method-transaction.
import type { ProrationBillingMode } from '@paddle/paddle-node-sdk';
import { required } from '../http/api.js';
import { listPage, readPaging, within } from '../http/list.js';
import { invalidField, subscriptionError } from '../http/paddle-error.js';
import type { Router } from '../http/router.js';
import type { SandboxContext } from '../sandbox-context.js';
import { remainingFraction } from '../state/periods.js';
import { chargeTransaction, completeTransaction, createTransaction, type Charge } from '../transactions/transaction-model.js';
import type { PriceObject, SubscriptionObject, TransactionObject } from '../wire/objects.js';
import { cancelNow, changed, internalsOf, removeScheduledChange, scheduleCancel, subscriptionItem } from './lifecycle.js';

const STATUSES = ['active', 'canceled', 'past_due', 'paused', 'trialing'] as const;
const PRORATION_MODES: readonly ProrationBillingMode[] = ['prorated_immediately', 'prorated_next_billing_period', 'full_immediately', 'full_next_billing_period', 'do_not_bill'];

function assertChangeable(subscription: SubscriptionObject, what: 'items' | 'cancel'): void {
  if (subscription.status === 'canceled') throw subscriptionError(400, 'subscription_update_when_canceled', 'cannot update subscription, as subscription is canceled');
  if (subscription.status === 'past_due' && what === 'items') throw subscriptionError(400, 'subscription_update_when_past_due', "cannot update subscription, as the subscription status is 'past_due'");
  if (subscription.scheduled_change) throw subscriptionError(400, 'subscription_locked_pending_changes', 'cannot update subscription, pending scheduled changes');
}

export function findPrice(sb: SandboxContext, id: string, field: string): PriceObject {
  const price = sb.store.prices.find(id);
  if (!price) throw invalidField(field, `price ${id} not found`);
  if (price.status !== 'active') throw invalidField(field, `price ${id} is archived`);
  return price;
}

/** What a plan change bills now, by proration mode; nothing during a trial or for the *_next_billing_period modes. */
function immediateCharge(sb: SandboxContext, subscription: SubscriptionObject, price: PriceObject, quantity: number, mode: ProrationBillingMode): Charge | null {
  if (subscription.status === 'trialing' || !['prorated_immediately', 'full_immediately'].includes(mode)) return null;
  const newAmount = Number(price.unit_price.amount) * quantity;
  if (mode === 'full_immediately') return { price, quantity, amountCents: newAmount };
  const period = subscription.current_billing_period!;
  const rate = remainingFraction(period.starts_at, period.ends_at, sb.clock.nowIso());
  const oldAmount = subscription.items.reduce((sum, item) => sum + Number(item.price.unit_price.amount) * item.quantity, 0);
  const net = Math.round((newAmount - oldAmount) * rate);
  return net > 0 ? { price, quantity, amountCents: net, proration: { rate, startsAt: sb.clock.nowIso(), endsAt: period.ends_at } } : null;
}

function changePlan(sb: SandboxContext, subscription: SubscriptionObject, price: PriceObject, quantity: number, mode: ProrationBillingMode): TransactionObject | null {
  const charge = immediateCharge(sb, subscription, price, quantity, mode);
  const now = sb.clock.nowIso();
  subscription.items = [subscriptionItem(sb, price, quantity, now)];
  if (!charge) return null;
  return createTransaction(sb, {
    charges: [charge],
    customerId: subscription.customer_id,
    addressId: subscription.address_id,
    customData: subscription.custom_data ?? null,
    origin: 'subscription_update',
    subscriptionId: subscription.id,
    billingPeriod: subscription.current_billing_period ?? null,
    purpose: { kind: 'update', subscriptionId: subscription.id },
    hasCheckout: false,
  });
}

export function subscriptionRoutes(router: Router): void {
  router.add('GET', '/subscriptions', (request) => {
    const { sb, query } = request;
    const ids = query.list('id');
    const customerIds = query.list('customer_id');
    const addressIds = query.list('address_id');
    const priceIds = query.list('price_id');
    const status = query.listOf('status', STATUSES);
    const scheduled = query.listOf('scheduled_change_action', ['cancel', 'pause', 'resume']);
    const collectionMode = query.listOf('collection_mode', ['automatic', 'manual']);
    const paging = readPaging(query);
    query.done();
    const subscriptions = sb.store.subscriptions
      .all()
      .filter(
        (s) =>
          within(ids, s.id) &&
          within(customerIds, s.customer_id) &&
          within(addressIds, s.address_id) &&
          within(status, s.status) &&
          within(scheduled, s.scheduled_change?.action) &&
          within(collectionMode, s.collection_mode) &&
          (!priceIds || s.items.some((item) => priceIds.includes(item.price.id))),
      );
    return listPage(request, subscriptions, paging);
  });

  router.add('GET', '/subscriptions/{subscription_id}', ({ sb, path, query }) => {
    query.done();
    return { data: required(sb.store.subscriptions.find(path['subscription_id']!), path['subscription_id']!) };
  });

  router.add('POST', '/subscriptions/{subscription_id}/cancel', ({ sb, path, body }) => {
    const subscription = required(sb.store.subscriptions.find(path['subscription_id']!), path['subscription_id']!);
    const effectiveFrom = body.oneOf('effective_from', ['next_billing_period', 'immediately']) ?? 'next_billing_period';
    body.done();
    if (subscription.status === 'canceled') throw subscriptionError(400, 'subscription_update_when_canceled', 'cannot update subscription, as subscription is canceled');
    if (effectiveFrom === 'immediately') cancelNow(sb, subscription);
    else {
      if (subscription.status === 'past_due') throw subscriptionError(400, 'subscription_update_when_past_due', "a past_due subscription can only be canceled with effective_from 'immediately'");
      assertChangeable(subscription, 'cancel');
      scheduleCancel(sb, subscription);
    }
    return { data: subscription };
  });

  router.add('PATCH', '/subscriptions/{subscription_id}', ({ sb, path, body }) => {
    const subscription = required(sb.store.subscriptions.find(path['subscription_id']!), path['subscription_id']!);
    const items = body.objects('items', (item) => ({ priceId: item.string('price_id', { required: true }), quantity: item.integer('quantity', { required: true, min: 1 }) }), { max: 1 });
    const mode = body.oneOf('proration_billing_mode', PRORATION_MODES);
    if (items && !mode) body.fail('proration_billing_mode', 'must be provided when items change');
    const removeScheduled = body.has('scheduled_change');
    if (removeScheduled && body.raw('scheduled_change') !== null) body.fail('scheduled_change', 'the sandbox only accepts null here (taking back a scheduled change)');
    const customData = body.customData('custom_data');
    body.oneOf('on_payment_failure', ['prevent_change', 'apply_change']);
    body.done();

    if (subscription.status === 'canceled') throw subscriptionError(400, 'subscription_update_when_canceled', 'cannot update subscription, as subscription is canceled');
    if (removeScheduled) removeScheduledChange(sb, subscription);
    let charged: TransactionObject | null = null;
    if (items) {
      assertChangeable(subscription, 'items');
      const [{ priceId, quantity }] = items as [{ priceId: string; quantity: number }];
      const price = findPrice(sb, priceId, 'items[0].price_id');
      if (quantity < price.quantity.minimum || quantity > price.quantity.maximum) throw invalidField('items[0].quantity', `must be between ${price.quantity.minimum} and ${price.quantity.maximum} for price ${price.id}`);
      if (price.billing_cycle?.interval !== subscription.billing_cycle.interval || price.billing_cycle.frequency !== subscription.billing_cycle.frequency) {
        throw invalidField('items[0].price_id', 'the sandbox changes plans only between prices with the same billing cycle');
      }
      charged = changePlan(sb, subscription, price, quantity, mode!);
    }
    if (customData !== undefined) subscription.custom_data = customData;
    changed(sb, subscription);
    if (charged && chargeTransaction(sb, charged, sb.store.paymentMethods.find(internalsOf(sb, subscription).paymentMethodId)!, false)) completeTransaction(sb, charged);
    return { data: subscription };
  });

  router.add('GET', '/subscriptions/{subscription_id}/update-payment-method-transaction', ({ sb, path, query }) => {
    query.done();
    const subscription = required(sb.store.subscriptions.find(path['subscription_id']!), path['subscription_id']!);
    return { data: paymentMethodChangeTransaction(sb, subscription) };
  });
}

/** A zero transaction whose checkout saves a new card for the subscription (and pays a declined renewal). */
export function paymentMethodChangeTransaction(sb: SandboxContext, subscription: SubscriptionObject): TransactionObject {
  if (subscription.status === 'canceled') throw subscriptionError(400, 'subscription_update_when_canceled', 'cannot update subscription, as subscription is canceled');
  return createTransaction(sb, {
    charges: subscription.items.map((item) => ({ price: item.price, quantity: item.quantity, amountCents: 0 })),
    customerId: subscription.customer_id,
    addressId: subscription.address_id,
    customData: null,
    origin: 'subscription_payment_method_change',
    subscriptionId: subscription.id,
    billingPeriod: null,
    purpose: { kind: 'payment_method_change', subscriptionId: subscription.id },
    hasCheckout: true,
  });
}
