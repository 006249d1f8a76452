// Checkout Sessions: created over the API, paid on the hosted page (checkout.page.ts). Modes `payment`,
// `subscription` and `setup`; cards and US bank accounts. Events on completion, after those of the payment itself
// (see payment-engine.ts and subscriptions.ts): checkout.session.completed — `payment_status` paid, unpaid while an
// ACH debit is processing, or no_payment_required — and later checkout.session.async_payment_succeeded or
// checkout.session.async_payment_failed when that debit settles or fails.
import { boundary } from '../billing/billing-period.js';
import { checkTransferDestination, startSubscription } from '../billing/subscriptions.js';
import { requireDestination } from '../connect/destinations.js';
import { createCustomer } from '../customers/customers.js';
import { LIST_PARAMS, listResponse } from '../http/list.js';
import type { Params } from '../http/params.js';
import type { Router } from '../http/router.js';
import { invalidRequest, missingParam } from '../http/stripe-error.js';
import { confirmPayment, createPaymentIntent } from '../payments/payment-engine.js';
import { checkAmount, readPaymentMethodTypes, withoutExcluded } from '../payments/payment-intents.js';
import { confirmSetupIntent, createSetupIntent } from '../payments/setup-intents.js';
import type { SandboxContext, SettlementOutcome } from '../sandbox-context.js';
import { newId, randomToken } from '../state/ids.js';
import type { CheckoutOptions, Owner } from '../state/store.js';
import { unusedTax, type CheckoutLineItemObject, type CheckoutSessionObject, type Interval, type PaymentIntentObject, type PaymentMethodObject, type PriceObject } from '../wire/objects.js';

const MIN_EXPIRY_SEC = 30 * 60;
const MAX_EXPIRY_SEC = 24 * 60 * 60;

const ACCEPTED_BUT_IGNORED = [
  'locale', 'submit_type', 'billing_address_collection', 'phone_number_collection', 'custom_text', 'consent_collection',
  'payment_method_options', 'ui_mode', 'payment_method_collection', 'currency',
];

function readLineItems(sb: SandboxContext, params: Params, mode: CheckoutSessionObject['mode'], owner: Owner): CheckoutLineItemObject[] {
  const items = params.children('line_items');
  if (mode === 'setup') {
    if (items) throw invalidRequest('You cannot pass `line_items` in `setup` mode.', 'line_items');
    return [];
  }
  if (!items || items.length === 0) throw missingParam('line_items');
  const now = sb.clock.nowSec();
  return items.map((item) => {
    item.only(['price_data', 'price', 'quantity']);
    const quantity = item.int('quantity', { min: 1 });
    if (quantity === undefined) throw missingParam(item.nameOf('quantity'));
    let price: PriceObject;
    const priceId = item.string('price');
    const data = item.child('price_data');
    if (priceId) {
      price = sb.store.prices.get(priceId, owner, item.nameOf('price'));
    } else if (data) {
      data.only(['currency', 'unit_amount', 'unit_amount_decimal', 'product_data', 'product', 'recurring', 'tax_behavior']);
      const currency = data.requiredString('currency').toLowerCase();
      const unitAmount = data.int('unit_amount', { min: 0 }) ?? (data.string('unit_amount_decimal') ? Math.round(Number(data.string('unit_amount_decimal'))) : undefined);
      if (unitAmount === undefined) throw missingParam(data.nameOf('unit_amount'));
      const productData = data.child('product_data')?.only(['name', 'description', 'metadata', 'images', 'tax_code']);
      const existingProduct = data.string('product');
      let productId: string;
      if (existingProduct) productId = sb.store.products.get(existingProduct, owner, data.nameOf('product')).id;
      else {
        if (!productData) throw missingParam(data.nameOf('product_data'));
        const name = productData.requiredString('name');
        productId = sb.store.products.insert(
          {
            id: newId('prod', 14),
            object: 'product',
            active: false,
            created: now,
            description: productData.string('description') ?? null,
            images: [],
            livemode: false,
            marketing_features: [],
            metadata: productData.metadata() ?? {},
            name,
            package_dimensions: null,
            shippable: null,
            tax_details: null,
            type: 'service',
            updated: now,
            url: null,
          },
          owner,
        ).id;
      }
      const recurringParams = data.child('recurring')?.only(['interval', 'interval_count']);
      let recurring: PriceObject['recurring'] = null;
      if (recurringParams) {
        const interval = recurringParams.oneOf('interval', ['day', 'week', 'month', 'year'] as const);
        if (!interval) throw missingParam(recurringParams.nameOf('interval'));
        recurring = { interval: interval as Interval, interval_count: recurringParams.int('interval_count', { min: 1 }) ?? 1, meter: null, trial_period_days: null, usage_type: 'licensed' };
      }
      price = sb.store.prices.insert(
        {
          id: newId('price'),
          object: 'price',
          active: false,
          billing_scheme: 'per_unit',
          created: now,
          currency,
          custom_unit_amount: null,
          livemode: false,
          lookup_key: null,
          metadata: {},
          nickname: null,
          product: productId,
          recurring,
          tax_behavior: 'unspecified',
          tiers_mode: null,
          transform_quantity: null,
          type: recurring ? 'recurring' : 'one_time',
          unit_amount: unitAmount,
          unit_amount_decimal: String(unitAmount),
        },
        owner,
      );
    } else {
      throw invalidRequest(`You must specify either \`price\` or \`price_data\` in ${item.nameOf('')}`.replace('[]', ''), item.nameOf('price'));
    }
    if (mode === 'payment' && price.recurring) {
      throw invalidRequest('You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.', 'line_items');
    }
    const amount = price.unit_amount * quantity;
    return {
      id: newId('li'),
      object: 'item',
      adjustable_quantity: null,
      amount_discount: 0,
      amount_subtotal: amount,
      amount_tax: 0,
      amount_total: amount,
      currency: price.currency,
      description: sb.store.products.find(price.product)?.name ?? '',
      metadata: {},
      price,
      quantity,
    };
  });
}

function readPaymentIntentData(sb: SandboxContext, params: Params, amount: number, owner: Owner): CheckoutOptions['paymentIntentData'] {
  const data = params.child('payment_intent_data');
  if (!data) return { metadata: {} };
  data.only(['application_fee_amount', 'transfer_data', 'metadata', 'description', 'setup_future_usage', 'on_behalf_of', 'receipt_email', 'statement_descriptor', 'statement_descriptor_suffix', 'capture_method']);
  if (data.has('capture_method') && data.string('capture_method') !== 'automatic') {
    throw invalidRequest('The sandbox emulates capture_method=automatic only.', 'payment_intent_data[capture_method]');
  }
  const transfer = data.child('transfer_data')?.only(['destination', 'amount']);
  const destination = transfer?.string('destination');
  if (transfer && !destination) throw missingParam('payment_intent_data[transfer_data][destination]');
  if (destination) requireDestination(sb, destination, 'payment_intent_data[transfer_data][destination]');
  const fee = data.int('application_fee_amount', { min: 0 });
  if (fee !== undefined && !destination && !owner) {
    throw invalidRequest(
      'Can only apply an application_fee_amount when the PaymentIntent is attempting a direct payment (using an OAuth key or Stripe-Account header) or destination payment (using `transfer_data[destination]`).',
      'payment_intent_data[application_fee_amount]',
    );
  }
  if (fee !== undefined && fee > amount) throw invalidRequest('The application fee cannot be greater than the amount.', 'payment_intent_data[application_fee_amount]');
  const transferAmount = transfer?.int('amount', { min: 0 });
  const onBehalfOf = data.string('on_behalf_of');
  const description = data.string('description');
  const setupFutureUsage = data.oneOf('setup_future_usage', ['off_session', 'on_session'] as const);
  return {
    metadata: data.metadata() ?? {},
    ...(fee !== undefined ? { applicationFeeAmount: fee } : {}),
    ...(destination ? { transferDestination: destination } : {}),
    ...(transferAmount !== undefined ? { transferAmount } : {}),
    ...(description ? { description } : {}),
    ...(setupFutureUsage ? { setupFutureUsage } : {}),
    ...(onBehalfOf ? { onBehalfOf } : {}),
  };
}

function readSubscriptionData(sb: SandboxContext, params: Params, price: PriceObject): NonNullable<CheckoutOptions['subscriptionData']> {
  const data = params.child('subscription_data');
  if (!data) return { metadata: {}, prorationBehavior: 'create_prorations' };
  data.only(['metadata', 'transfer_data', 'application_fee_percent', 'billing_cycle_anchor', 'proration_behavior', 'trial_end', 'trial_period_days', 'description', 'on_behalf_of']);
  const transfer = data.child('transfer_data')?.only(['destination', 'amount_percent']);
  const destination = transfer?.string('destination');
  if (transfer && !destination) throw missingParam('subscription_data[transfer_data][destination]');
  checkTransferDestination(sb, destination, 'subscription_data[transfer_data][destination]');
  const feePercentRaw = data.string('application_fee_percent');
  const feePercent = feePercentRaw === undefined ? undefined : Number(feePercentRaw);
  if (feePercent !== undefined && (!Number.isFinite(feePercent) || feePercent < 0 || feePercent > 100)) {
    throw invalidRequest('Invalid application_fee_percent: must be a number between 0 and 100.', 'subscription_data[application_fee_percent]');
  }
  const now = sb.clock.nowSec();
  const { interval, interval_count: count } = price.recurring!;
  const anchor = data.int('billing_cycle_anchor');
  if (anchor !== undefined) {
    if (anchor <= now) throw invalidRequest('billing_cycle_anchor must be in the future.', 'subscription_data[billing_cycle_anchor]');
    const natural = boundary(now, interval, count, 1);
    if (anchor > natural) {
      throw invalidRequest(
        `billing_cycle_anchor cannot be later than next natural billing date (${natural}) for plan`,
        'subscription_data[billing_cycle_anchor]',
      );
    }
  }
  let trialEnd = data.int('trial_end');
  const trialDays = data.int('trial_period_days', { min: 1 });
  if (trialEnd !== undefined && trialDays !== undefined) {
    throw invalidRequest('You may only specify one of these parameters: trial_end, trial_period_days.', 'subscription_data[trial_end]');
  }
  if (trialDays !== undefined) trialEnd = now + trialDays * 86_400;
  if (trialEnd !== undefined && trialEnd < now + 48 * 3600) {
    throw invalidRequest('The `trial_end` date has to be at least 2 days in the future.', 'subscription_data[trial_end]');
  }
  if (trialEnd !== undefined && anchor !== undefined) {
    throw invalidRequest('You may only specify one of these parameters: billing_cycle_anchor, trial_end.', 'subscription_data[billing_cycle_anchor]');
  }
  const amountPercent = transfer?.string('amount_percent');
  const description = data.string('description');
  return {
    metadata: data.metadata() ?? {},
    prorationBehavior: data.oneOf('proration_behavior', ['create_prorations', 'none'] as const) ?? 'create_prorations',
    ...(destination ? { transferDestination: destination } : {}),
    ...(amountPercent !== undefined ? { transferAmountPercent: Number(amountPercent) } : {}),
    ...(feePercent !== undefined ? { applicationFeePercent: feePercent } : {}),
    ...(anchor !== undefined ? { billingCycleAnchor: anchor } : {}),
    ...(trialEnd !== undefined ? { trialEnd } : {}),
    ...(description ? { description } : {}),
  };
}

function firstSubscriptionAmount(sb: SandboxContext, price: PriceObject, quantity: number, data: NonNullable<CheckoutOptions['subscriptionData']>): number {
  const full = price.unit_amount * quantity;
  if (data.trialEnd) return 0;
  if (!data.billingCycleAnchor) return full;
  if (data.prorationBehavior === 'none') return 0;
  const now = sb.clock.nowSec();
  const start = boundary(data.billingCycleAnchor, price.recurring!.interval, price.recurring!.interval_count, -1);
  return Math.round((full * (data.billingCycleAnchor - now)) / (data.billingCycleAnchor - start));
}

function createSession(sb: SandboxContext, params: Params, owner: Owner, apiVersion: string): CheckoutSessionObject {
  params.only([
    'mode', 'line_items', 'payment_method_types', 'allowed_payment_method_types', 'excluded_payment_method_types', 'customer', 'customer_email', 'customer_creation', 'success_url', 'cancel_url', 'metadata',
    'client_reference_id', 'payment_intent_data', 'subscription_data', 'setup_intent_data', 'expires_at', ...ACCEPTED_BUT_IGNORED,
  ]);
  const mode = params.oneOf('mode', ['payment', 'subscription', 'setup'] as const);
  if (!mode) throw missingParam('mode');
  if (params.has('ui_mode') && params.string('ui_mode') !== 'hosted') throw invalidRequest('The sandbox emulates ui_mode=hosted only.', 'ui_mode');
  const customerId = params.string('customer');
  const customerEmail = params.string('customer_email');
  if (customerId && customerEmail) throw invalidRequest('You may only specify one of these parameters: customer, customer_email.', 'customer_email');
  const customer = customerId ? sb.store.customers.get(customerId, owner, 'customer') : undefined;
  const customerCreation = params.oneOf('customer_creation', ['always', 'if_required'] as const);
  if (customerCreation && mode !== 'payment') throw invalidRequest('`customer_creation` can only be used in `payment` mode.', 'customer_creation');
  if (customerCreation && customer) throw invalidRequest('You may only specify one of these parameters: customer, customer_creation.', 'customer_creation');
  if (mode !== 'payment' && params.has('payment_intent_data')) throw invalidRequest(`You can not pass \`payment_intent_data\` in \`${mode}\` mode.`, 'payment_intent_data');
  if (mode !== 'subscription' && params.has('subscription_data')) throw invalidRequest(`You can not pass \`subscription_data\` in \`${mode}\` mode.`, 'subscription_data');
  if (mode !== 'setup' && params.has('setup_intent_data')) throw invalidRequest(`You can not pass \`setup_intent_data\` in \`${mode}\` mode.`, 'setup_intent_data');

  const lineItems = readLineItems(sb, params, mode, owner);
  const currencies = new Set(lineItems.map((li) => li.currency));
  if (currencies.size > 1) throw invalidRequest('All line items must use the same currency.', 'line_items');
  const currency = lineItems[0]?.currency ?? params.string('currency')?.toLowerCase() ?? null;
  const subtotal = lineItems.reduce((sum, li) => sum + li.amount_total, 0);
  const methodTypes = withoutExcluded(readPaymentMethodTypes(params, apiVersion), params);
  let types = methodTypes.effective;
  if (!methodTypes.allowed && !params.has('payment_method_types') && currency && currency !== 'usd') types = types.filter((t) => t !== 'us_bank_account');
  if (types.includes('us_bank_account') && currency && currency !== 'usd') {
    throw invalidRequest('The payment method `us_bank_account` only supports the currency `usd`.', 'payment_method_types');
  }

  const options: CheckoutOptions = {};
  let total = subtotal;
  if (mode === 'payment') {
    checkAmount(subtotal, currency!, 'line_items');
    options.paymentIntentData = readPaymentIntentData(sb, params, subtotal, owner);
  } else if (mode === 'subscription') {
    const recurringItems = lineItems.filter((li) => li.price.recurring);
    if (recurringItems.length === 0) {
      throw invalidRequest('You must provide at least one recurring price in `subscription` mode when using prices.', 'line_items');
    }
    if (lineItems.length > 1) throw invalidRequest('The sandbox emulates subscriptions of one line item.', 'line_items');
    options.subscriptionData = readSubscriptionData(sb, params, lineItems[0]!.price);
    total = firstSubscriptionAmount(sb, lineItems[0]!.price, lineItems[0]!.quantity, options.subscriptionData);
  } else {
    const data = params.child('setup_intent_data')?.only(['metadata', 'description', 'on_behalf_of']);
    const description = data?.string('description');
    options.setupIntentData = { metadata: data?.metadata() ?? {}, ...(description ? { description } : {}) };
  }

  const now = sb.clock.nowSec();
  const expiresAt = params.int('expires_at') ?? now + MAX_EXPIRY_SEC;
  if (expiresAt - now < MIN_EXPIRY_SEC || expiresAt - now > MAX_EXPIRY_SEC) {
    throw invalidRequest('The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.', 'expires_at');
  }
  const id = `cs_test_${randomToken(58)}`;
  const session: CheckoutSessionObject = {
    id,
    object: 'checkout.session',
    allowed_payment_method_types: methodTypes.allowed,
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: null,
    automatic_tax: unusedTax,
    billing_address_collection: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    currency_conversion: null,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer_account: null,
    discounts: [],
    integration_identifier: null,
    invoice_creation: null,
    managed_payments: null,
    origin_context: null,
    payment_link: null,
    payment_method_collection: mode === 'payment' ? null : 'always',
    payment_method_configuration_details: null,
    payment_method_options: null,
    permissions: null,
    recovered_from: null,
    saved_payment_method_options: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    total_details: mode === 'setup' ? null : { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    wallet_options: null,
    amount_subtotal: mode === 'setup' ? null : subtotal,
    amount_total: mode === 'setup' ? null : total,
    cancel_url: params.string('cancel_url') ?? null,
    client_reference_id: params.string('client_reference_id', { maxLength: 200 }) ?? null,
    client_secret: null,
    created: now,
    currency,
    customer: customer?.id ?? null,
    customer_creation: mode === 'payment' && !customer ? (customerCreation ?? 'if_required') : null,
    customer_details: null,
    customer_email: customerEmail ?? null,
    expires_at: expiresAt,
    invoice: null,
    livemode: false,
    locale: null,
    metadata: params.metadata() ?? {},
    mode,
    payment_intent: null,
    payment_method_types: types,
    payment_status: mode === 'setup' ? 'no_payment_required' : 'unpaid',
    setup_intent: null,
    status: 'open',
    submit_type: null,
    subscription: null,
    success_url: params.string('success_url') ?? null,
    ui_mode: 'hosted',
    url: `${sb.baseUrl()}/checkout/${id}`,
  };
  sb.store.checkoutSessions.insert(session, owner);
  sb.store.internal.checkoutLineItems[id] = lineItems;
  sb.store.internal.checkoutOptions[id] = options;
  sb.scheduler.schedule('checkout_expire', id, expiresAt * 1000);
  return session;
}

function expireSession(sb: SandboxContext, session: CheckoutSessionObject): void {
  session.status = 'expired';
  session.url = null;
  sb.scheduler.cancel('checkout_expire', session.id);
  sb.events.emit('checkout.session.expired', session, sb.store.checkoutSessions.ownerOf(session.id));
}

export function expireDueSession(sb: SandboxContext, sessionId: string): void {
  const session = sb.store.checkoutSessions.find(sessionId);
  if (session?.status === 'open') expireSession(sb, session);
}

export type CheckoutPayment = { outcome: 'completed'; redirect: string | null } | { outcome: 'declined'; message: string };

/** What the hosted page does once the payer has given a payment method. */
export function payCheckoutSession(sb: SandboxContext, session: CheckoutSessionObject, pm: PaymentMethodObject, payer: { email: string | null; name: string | null }): CheckoutPayment {
  const owner = sb.store.checkoutSessions.ownerOf(session.id);
  const options = sb.store.internal.checkoutOptions[session.id] ?? {};
  const lineItems = sb.store.internal.checkoutLineItems[session.id] ?? [];
  const email = payer.email ?? session.customer_email ?? (session.customer ? sb.store.customers.find(session.customer)?.email ?? null : null);
  session.customer_details = { email, name: payer.name, phone: null, address: null, tax_exempt: 'none', tax_ids: [] };

  const ensureCustomer = () => {
    if (!session.customer) session.customer = createCustomer(sb, { email, name: payer.name }, owner).id;
    return session.customer;
  };

  if (session.mode === 'payment') {
    if (session.customer_creation === 'always') ensureCustomer();
    const data = options.paymentIntentData ?? { metadata: {} };
    let pi = session.payment_intent ? sb.store.paymentIntents.find(session.payment_intent) : undefined;
    if (!pi) {
      pi = createPaymentIntent(
        sb,
        {
          amount: session.amount_total!,
          currency: session.currency!,
          customer: session.customer,
          paymentMethodTypes: session.payment_method_types,
          allowedPaymentMethodTypes: session.allowed_payment_method_types,
          description: data.description ?? lineItems.map((li) => li.description).join(', '),
          metadata: data.metadata,
          applicationFeeAmount: data.applicationFeeAmount ?? null,
          transferDestination: data.transferDestination ?? null,
          ...(data.transferAmount !== undefined ? { transferAmount: data.transferAmount } : {}),
          onBehalfOf: data.onBehalfOf ?? null,
          setupFutureUsage: session.customer ? (data.setupFutureUsage ?? null) : null,
          receiptEmail: email,
          purpose: { checkoutSession: session.id },
        },
        owner,
      );
      session.payment_intent = pi.id;
    }
    const result = confirmPayment(sb, pi, pm, owner);
    if (result.status === 'declined') return { outcome: 'declined', message: result.error.message };
    return complete(sb, session, result.status === 'succeeded' ? 'paid' : 'unpaid', owner);
  }

  if (session.mode === 'subscription') {
    const decline = sb.store.internal.behaviours[pm.id]?.decline;
    if (decline) return { outcome: 'declined', message: decline.message };
    const customerId = ensureCustomer();
    pm.customer = customerId;
    sb.events.emit('payment_method.attached', pm, owner);
    const data = options.subscriptionData ?? { metadata: {}, prorationBehavior: 'create_prorations' };
    const item = lineItems[0]!;
    const { subscription, invoice, result } = startSubscription(
      sb,
      {
        customer: customerId,
        price: item.price,
        quantity: item.quantity,
        defaultPaymentMethod: pm.id,
        metadata: data.metadata,
        description: data.description ?? null,
        ...(data.transferDestination ? { transferDestination: data.transferDestination } : {}),
        ...(data.transferAmountPercent !== undefined ? { transferAmountPercent: data.transferAmountPercent } : {}),
        ...(data.applicationFeePercent !== undefined ? { applicationFeePercent: data.applicationFeePercent } : {}),
        ...(data.billingCycleAnchor !== undefined ? { billingCycleAnchor: data.billingCycleAnchor } : {}),
        ...(data.trialEnd !== undefined ? { trialEnd: data.trialEnd } : {}),
        prorationBehavior: data.prorationBehavior,
      },
      owner,
    );
    session.subscription = subscription.id;
    session.invoice = invoice.id;
    if (result === 'failed') return { outcome: 'declined', message: 'Your card was declined.' };
    return complete(sb, session, result === 'paid' ? 'paid' : result === 'no_payment_required' ? 'no_payment_required' : 'unpaid', owner);
  }

  const si = createSetupIntent(
    sb,
    {
      customer: session.customer,
      paymentMethodTypes: session.payment_method_types,
      allowedPaymentMethodTypes: session.allowed_payment_method_types,
      metadata: options.setupIntentData?.metadata ?? {},
      description: options.setupIntentData?.description ?? null,
      usage: 'off_session',
      onBehalfOf: null,
    },
    owner,
  );
  session.setup_intent = si.id;
  const error = confirmSetupIntent(sb, si, pm, owner);
  if (error) return { outcome: 'declined', message: error.message };
  return complete(sb, session, 'no_payment_required', owner);
}

function complete(sb: SandboxContext, session: CheckoutSessionObject, paymentStatus: CheckoutSessionObject['payment_status'], owner: Owner): CheckoutPayment {
  session.status = 'complete';
  session.payment_status = paymentStatus;
  session.url = null;
  sb.scheduler.cancel('checkout_expire', session.id);
  sb.events.emit('checkout.session.completed', session, owner);
  return { outcome: 'completed', redirect: session.success_url ? session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id) : null };
}

/** Follows a session whose payment was processing (ACH) to its outcome. */
export function onCheckoutPaymentSettled(sb: SandboxContext, pi: PaymentIntentObject, outcome: SettlementOutcome): void {
  const purpose = sb.store.internal.purposes[pi.id];
  const session = purpose?.checkoutSession
    ? sb.store.checkoutSessions.find(purpose.checkoutSession)
    : purpose?.invoice
      ? sb.store.checkoutSessions.list('any', (s) => s.invoice === purpose.invoice)[0]
      : undefined;
  if (!session || session.status !== 'complete' || session.payment_status !== 'unpaid') return;
  const owner = sb.store.checkoutSessions.ownerOf(session.id);
  if (outcome === 'succeeded') {
    session.payment_status = 'paid';
    sb.events.emit('checkout.session.async_payment_succeeded', session, owner);
  } else {
    sb.events.emit('checkout.session.async_payment_failed', session, owner);
  }
}

export function checkoutRoutes(router: Router): void {
  router
    .post('/v1/checkout/sessions', ({ sandbox, params, owner, apiVersion }) => createSession(sandbox, params, owner, apiVersion))
    .get('/v1/checkout/sessions', ({ sandbox, params, owner }) => {
      params.only([...LIST_PARAMS, 'payment_intent', 'subscription', 'customer', 'status']);
      const pi = params.string('payment_intent');
      const sub = params.string('subscription');
      const customer = params.string('customer');
      const status = params.string('status');
      return listResponse(
        sandbox.store.checkoutSessions.list(
          owner,
          (s) => (!pi || s.payment_intent === pi) && (!sub || s.subscription === sub) && (!customer || s.customer === customer) && (!status || s.status === status),
        ),
        params,
        '/v1/checkout/sessions',
      );
    })
    .get('/v1/checkout/sessions/:id', ({ sandbox, path, params, owner }) => {
      params.only([]);
      return sandbox.store.checkoutSessions.get(path['id']!, owner);
    })
    .get('/v1/checkout/sessions/:id/line_items', ({ sandbox, path, params, owner }) => {
      params.only([...LIST_PARAMS]);
      const session = sandbox.store.checkoutSessions.get(path['id']!, owner);
      return listResponse(sandbox.store.internal.checkoutLineItems[session.id] ?? [], params, `/v1/checkout/sessions/${session.id}/line_items`);
    })
    .post('/v1/checkout/sessions/:id/expire', ({ sandbox, path, params, owner }) => {
      params.only([]);
      const session = sandbox.store.checkoutSessions.get(path['id']!, owner);
      if (session.status !== 'open') {
        throw invalidRequest('Only Checkout Sessions with a status of `open` can be expired.', undefined, 'checkout_session_unexpected_state');
      }
      expireSession(sandbox, session);
      return session;
    });
}
