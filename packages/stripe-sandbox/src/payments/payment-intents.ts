// PaymentIntents and Charges over the API: off-session charges of a saved method (`customer`, `payment_method`,
// `off_session=true`, `confirm=true`), with `transfer_data[destination]` for destination charges.
import { requireDestination } from '../connect/destinations.js';
import { behaviourOf, resolvePaymentMethod } from '../customers/payment-methods.js';
import { LIST_PARAMS, listResponse } from '../http/list.js';
import type { Params } from '../http/params.js';
import type { Router } from '../http/router.js';
import { invalidRequest, missingParam } from '../http/stripe-error.js';
import type { SandboxContext } from '../sandbox-context.js';
import type { Owner } from '../state/store.js';
import type { PaymentIntentObject, PaymentMethodObject } from '../wire/objects.js';
import { confirmPayment, createPaymentIntent, declineError } from './payment-engine.js';

const SUPPORTED_TYPES = ['card', 'us_bank_account'];
/** Stripe's minimum charge per currency; the sandbox knows USD's. */
const MINIMUM_AMOUNT: Record<string, number> = { usd: 50 };

export function checkAmount(amount: number, currency: string, param = 'amount'): void {
  const minimum = MINIMUM_AMOUNT[currency] ?? 50;
  if (amount < minimum) {
    throw invalidRequest(`Amount must be at least ${(minimum / 100).toFixed(2)} ${currency}`, param, 'amount_too_small');
  }
  if (amount > 99_999_999) throw invalidRequest('Amount must be no more than $999,999.99', param, 'amount_too_large');
}

/** The API version (endive, 2026-09-30) from which `payment_method_types` is gone in favour of `allowed_payment_method_types`. */
const ALLOWED_TYPES_SINCE = '2026-09-30';

export interface PaymentMethodTypes {
  /** What the request allowed (`allowed_payment_method_types`), or null. */
  allowed: string[] | null;
  /** The methods the payer may use: the allowed ones among the sandbox's dynamic methods (card, us_bank_account). */
  effective: string[];
}

/**
 * `allowed_payment_method_types[]` filters the account's dynamic payment methods, which in the sandbox are card and
 * us_bank_account. Clients on API versions before endive may still send the older `payment_method_types[]`;
 * from endive on, Stripe refuses it as an unknown parameter, and so does the sandbox.
 */
export function readPaymentMethodTypes(params: Params, apiVersion: string): PaymentMethodTypes {
  if (params.has('payment_method_types') && apiVersion.slice(0, 10) >= ALLOWED_TYPES_SINCE) {
    throw invalidRequest(
      'Received unknown parameter: payment_method_types (removed in API version 2026-09-30.endive: use allowed_payment_method_types)',
      'payment_method_types',
      'parameter_unknown',
    );
  }
  const key = params.has('payment_method_types') ? 'payment_method_types' : 'allowed_payment_method_types';
  const given = params.strings(key);
  for (const type of given ?? []) {
    if (!SUPPORTED_TYPES.includes(type)) {
      throw invalidRequest(`The payment method type "${type}" is invalid. The sandbox emulates: ${SUPPORTED_TYPES.join(', ')}.`, key);
    }
  }
  if (given && given.length === 0) throw invalidRequest(`Invalid ${key}: must contain at least one payment method type.`, key);
  return { allowed: key === 'allowed_payment_method_types' ? (given ?? null) : null, effective: given ?? [...SUPPORTED_TYPES] };
}

function createFromParams(sb: SandboxContext, params: Params, owner: Owner, apiVersion: string): PaymentIntentObject {
  params.only([
    'amount', 'currency', 'customer', 'payment_method', 'payment_method_types', 'allowed_payment_method_types', 'excluded_payment_method_types', 'automatic_payment_methods', 'confirm', 'off_session',
    'description', 'metadata', 'application_fee_amount', 'transfer_data', 'on_behalf_of', 'receipt_email', 'setup_future_usage',
    'statement_descriptor', 'statement_descriptor_suffix', 'mandate', 'error_on_requires_action', 'capture_method', 'payment_method_options',
  ]);
  const amount = params.requiredInt('amount');
  const currency = params.requiredString('currency').toLowerCase();
  checkAmount(amount, currency);
  if (params.has('capture_method') && params.string('capture_method') !== 'automatic') {
    throw invalidRequest('The sandbox emulates capture_method=automatic only.', 'capture_method');
  }
  params.child('automatic_payment_methods')?.only(['enabled', 'allow_redirects']).bool('enabled');
  const types = withoutExcluded(readPaymentMethodTypes(params, apiVersion), params);
  const customerId = params.string('customer');
  if (customerId) sb.store.customers.get(customerId, owner, 'customer');
  const transfer = params.child('transfer_data')?.only(['destination', 'amount']);
  const destination = transfer?.string('destination');
  if (transfer && !destination) throw missingParam('transfer_data[destination]');
  if (destination) requireDestination(sb, destination, 'transfer_data[destination]');
  const transferAmount = transfer?.int('amount', { min: 0 });
  const fee = params.int('application_fee_amount', { min: 0 });
  if (fee !== undefined && !destination && !owner) {
    throw invalidRequest(
      'Can only apply an application_fee_amount when the PaymentIntent is attempting a direct payment (using an OAuth key or Stripe-Account header) or destination payment (using `transfer_data[destination]`).',
      'application_fee_amount',
    );
  }
  if (fee !== undefined && fee > amount) throw invalidRequest('The application fee cannot be greater than the amount.', 'application_fee_amount');
  const onBehalfOf = params.string('on_behalf_of');
  if (onBehalfOf) sb.store.accounts.get(onBehalfOf, null, 'on_behalf_of');

  let pm: PaymentMethodObject | undefined;
  const pmId = params.string('payment_method');
  if (pmId) {
    pm = resolvePaymentMethod(sb, pmId, owner, 'payment_method');
    if (pm.customer && pm.customer !== customerId) {
      throw invalidRequest(
        customerId
          ? `The provided PaymentMethod ${pm.id} belongs to a different Customer than the one on this PaymentIntent.`
          : 'The provided PaymentMethod was previously attached to a Customer. To use a PaymentMethod attached to a Customer, you must also provide the customer.',
        'payment_method',
      );
    }
  }
  const confirm = params.bool('confirm') ?? false;
  const offSessionRaw = params.string('off_session');
  const offSession = offSessionRaw === 'true' || offSessionRaw === 'one_off' || offSessionRaw === 'recurring';
  if (offSessionRaw !== undefined && !confirm) {
    throw invalidRequest('You may only specify `off_session` when confirming this PaymentIntent (with `confirm=true`).', 'off_session');
  }
  if (confirm && !pm) {
    throw invalidRequest(
      "You cannot confirm this PaymentIntent because it's missing a payment method. To confirm the PaymentIntent with your customer, you must provide the `payment_method` parameter.",
      'payment_method',
      'payment_intent_unexpected_state',
    );
  }
  if (offSession && pm && !pm.customer) {
    throw invalidRequest('An off-session payment needs a PaymentMethod saved to the customer (attach it first).', 'payment_method');
  }

  const pi = createPaymentIntent(
    sb,
    {
      amount,
      currency,
      customer: customerId ?? null,
      paymentMethodTypes: types.effective,
      allowedPaymentMethodTypes: types.allowed,
      description: params.string('description') ?? null,
      metadata: params.metadata() ?? {},
      applicationFeeAmount: fee ?? null,
      transferDestination: destination ?? null,
      ...(transferAmount !== undefined ? { transferAmount } : {}),
      onBehalfOf: onBehalfOf ?? null,
      setupFutureUsage: params.oneOf('setup_future_usage', ['off_session', 'on_session'] as const) ?? null,
      receiptEmail: params.string('receipt_email') ?? null,
    },
    owner,
  );
  if (pm && !confirm) {
    pi.payment_method = pm.id;
    pi.status = 'requires_confirmation';
  }
  if (confirm && pm) confirmOrThrow(sb, pi, pm, owner);
  return pi;
}

function confirmOrThrow(sb: SandboxContext, pi: PaymentIntentObject, pm: PaymentMethodObject, owner: Owner): void {
  const result = confirmPayment(sb, pi, pm, owner);
  if (result.status === 'declined') throw declineError(pi, result.error);
}

export function paymentIntentRoutes(router: Router): void {
  router
    .post('/v1/payment_intents', ({ sandbox, params, owner, apiVersion }) => createFromParams(sandbox, params, owner, apiVersion))
    .get('/v1/payment_intents', ({ sandbox, params, owner }) => {
      params.only([...LIST_PARAMS, 'customer']);
      const customer = params.string('customer');
      return listResponse(sandbox.store.paymentIntents.list(owner, (pi) => !customer || pi.customer === customer), params, '/v1/payment_intents');
    })
    .get('/v1/payment_intents/:id', ({ sandbox, path, params, owner }) => {
      params.only(['client_secret']);
      return sandbox.store.paymentIntents.get(path['id']!, owner);
    })
    .post('/v1/payment_intents/:id/confirm', ({ sandbox, path, params, owner }) => {
      params.only(['payment_method', 'off_session', 'mandate', 'return_url', 'error_on_requires_action', 'payment_method_options']);
      const pi = sandbox.store.paymentIntents.get(path['id']!, owner);
      const pmId = params.string('payment_method') ?? pi.payment_method;
      if (!pmId) {
        throw invalidRequest(
          "You cannot confirm this PaymentIntent because it's missing a payment method. To confirm the PaymentIntent with your customer, you must provide the `payment_method` parameter.",
          'payment_method',
          'payment_intent_unexpected_state',
        );
      }
      confirmOrThrow(sandbox, pi, resolvePaymentMethod(sandbox, pmId, owner, 'payment_method'), owner);
      return pi;
    })
    .post('/v1/payment_intents/:id/cancel', ({ sandbox, path, params, owner }) => {
      params.only(['cancellation_reason']);
      const pi = sandbox.store.paymentIntents.get(path['id']!, owner);
      if (['succeeded', 'processing', 'canceled'].includes(pi.status)) {
        throw invalidRequest(
          `You cannot cancel this PaymentIntent because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_reconfirmation, requires_confirmation, requires_action.`,
          undefined,
          'payment_intent_unexpected_state',
        );
      }
      pi.status = 'canceled';
      pi.canceled_at = sandbox.clock.nowSec();
      pi.cancellation_reason = params.oneOf('cancellation_reason', ['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned'] as const) ?? null;
      sandbox.events.emit('payment_intent.canceled', pi, owner);
      return pi;
    })
    .get('/v1/charges', ({ sandbox, params, owner }) => {
      params.only([...LIST_PARAMS, 'payment_intent', 'customer']);
      const paymentIntent = params.string('payment_intent');
      const customer = params.string('customer');
      return listResponse(
        sandbox.store.charges.list(owner, (c) => (!paymentIntent || c.payment_intent === paymentIntent) && (!customer || c.customer === customer)),
        params,
        '/v1/charges',
      );
    })
    .get('/v1/charges/:id', ({ sandbox, path, params, owner }) => {
      params.only([]);
      return sandbox.store.charges.get(path['id']!, owner);
    });
}

export function withoutExcluded(types: PaymentMethodTypes, params: Params): PaymentMethodTypes {
  const excluded = params.strings('excluded_payment_method_types') ?? [];
  const effective = types.effective.filter((t) => !excluded.includes(t));
  if (effective.length === 0) throw invalidRequest('No payment method types are left once excluded_payment_method_types is applied.', 'excluded_payment_method_types');
  return { allowed: types.allowed, effective };
}

/** Whether a saved method will be declined when charged (used by the hosted checkout before it subscribes). */
export function wouldDecline(sb: SandboxContext, pm: PaymentMethodObject): boolean {
  return behaviourOf(sb, pm).decline !== undefined;
}
