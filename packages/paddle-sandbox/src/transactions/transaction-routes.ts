// POST /transactions (a checkout: items of catalog prices, an optional customer, custom data, checkout.url),
// GET /transactions/{transaction_id}, GET /transactions. The answer's checkout.url is the sandbox's hosted checkout.
import { required } from '../http/api.js';
import { listPage, readPaging, within } from '../http/list.js';
import { invalidField } from '../http/paddle-error.js';
import type { Router } from '../http/router.js';
import { findPrice } from '../subscriptions/subscription-routes.js';
import type { TransactionObject } from '../wire/objects.js';
import { createTransaction } from './transaction-model.js';

const HTTP_URL = /^https?:\/\/[^\s/?#]+[^\s]*$/;
const STATUSES = ['draft', 'ready', 'billed', 'paid', 'completed', 'canceled', 'past_due'] as const;
const ORIGINS = ['api', 'subscription_charge', 'subscription_payment_method_change', 'subscription_recurring', 'subscription_update', 'web'] as const;

/** custom_data.success_url: where the hosted checkout sends the buyer once paid (see the README). */
export function successUrlOf(transaction: TransactionObject): string | null {
  const value = transaction.custom_data?.['success_url'];
  return typeof value === 'string' ? value : null;
}

export function transactionRoutes(router: Router): void {
  router.add('POST', '/transactions', ({ sb, body, query }) => {
    const include = query.listOf('include', ['customer']);
    query.done();
    const items = body.objects(
      'items',
      (item) => {
        if (item.has('price')) item.fail('price', 'non-catalog prices are not emulated by the sandbox; use price_id');
        return { priceId: item.string('price_id', { required: true }), quantity: item.integer('quantity', { required: true, min: 1 }) };
      },
      { required: true, max: 1 },
    );
    const customerId = body.string('customer_id');
    const addressId = body.string('address_id');
    const customData = body.customData('custom_data');
    const successUrl = customData?.['success_url'];
    if (successUrl !== undefined && (typeof successUrl !== 'string' || !HTTP_URL.test(successUrl))) body.fail('custom_data.success_url', 'must be an http(s) URL');
    body.oneOf('currency_code', ['USD']);
    body.oneOf('collection_mode', ['automatic']);
    body.object('checkout', (checkout) => {
      const url = checkout.raw('url');
      if (url !== undefined && url !== null && (typeof url !== 'string' || !HTTP_URL.test(url))) checkout.fail('url', 'must be an http(s) URL');
    }, { nullable: true });
    body.done();

    const customer = customerId ? sb.store.customers.find(customerId) : undefined;
    if (customerId && !customer) throw invalidField('customer_id', `customer ${customerId} not found`);
    const address = addressId ? sb.store.addresses.find(addressId) : undefined;
    if (addressId && (!address || address.customer_id !== customerId)) throw invalidField('address_id', `address ${addressId} not found for this customer`);
    const charges = items!.map(({ priceId, quantity }, i) => {
      const price = findPrice(sb, priceId!, `items[${i}].price_id`);
      if (quantity! < price.quantity.minimum || quantity! > price.quantity.maximum) throw invalidField(`items[${i}].quantity`, `must be between ${price.quantity.minimum} and ${price.quantity.maximum} for price ${price.id}`);
      return { price, quantity: quantity!, amountCents: price.trial_period ? 0 : Number(price.unit_price.amount) * quantity! };
    });
    const transaction = createTransaction(sb, {
      charges,
      customerId: customerId ?? null,
      addressId: addressId ?? null,
      customData: customData ?? null,
      origin: 'api',
      subscriptionId: null,
      billingPeriod: null,
      purpose: { kind: 'checkout' },
      hasCheckout: true,
    });
    return { status: 201, data: include?.includes('customer') ? { ...transaction, customer: customer ?? null } : transaction };
  });

  router.add('GET', '/transactions/{transaction_id}', ({ sb, path, query }) => {
    const include = query.listOf('include', ['customer']);
    query.done();
    const transaction = required(sb.store.transactions.find(path['transaction_id']!), path['transaction_id']!);
    return { data: include?.includes('customer') ? { ...transaction, customer: transaction.customer_id ? (sb.store.customers.find(transaction.customer_id) ?? null) : null } : transaction };
  });

  router.add('GET', '/transactions', (request) => {
    const { sb, query } = request;
    const ids = query.list('id');
    const customerIds = query.list('customer_id');
    const subscriptionIds = query.list('subscription_id');
    const status = query.listOf('status', STATUSES);
    const origin = query.listOf('origin', ORIGINS);
    const paging = readPaging(query);
    query.done();
    const transactions = sb.store.transactions
      .all()
      .filter((t) => within(ids, t.id) && within(customerIds, t.customer_id) && within(subscriptionIds, t.subscription_id) && within(status, t.status) && within(origin, t.origin));
    return listPage(request, transactions, paging);
  });
}
