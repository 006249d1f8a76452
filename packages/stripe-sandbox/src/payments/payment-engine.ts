// How money moves, and the events each step sends, in the order Stripe creates them:
//   card accepted   payment_intent.created, charge.succeeded, payment_intent.succeeded
//   card declined   payment_intent.created, charge.failed, payment_intent.payment_failed
//   ACH confirmed   payment_intent.created, charge.pending, payment_intent.processing
//   ACH settles     charge.succeeded, payment_intent.succeeded
//   ACH fails       charge.failed, payment_intent.payment_failed          (the PaymentIntent back to requires_payment_method)
//   ACH returned    charge.failed, payment_intent.payment_failed          (after it had succeeded; see README)
//   refund          refund.created, charge.refunded
import { cardError, invalidRequest, type StripeApiError } from '../http/stripe-error.js';
import type { SandboxContext } from '../sandbox-context.js';
import { newId, randomToken } from '../state/ids.js';
import type { Owner, PaymentPurpose } from '../state/store.js';
import type { ChargeObject, PaymentError, PaymentIntentObject, PaymentMethodObject, RefundObject } from '../wire/objects.js';
import { attachPaymentMethod, behaviourOf } from '../customers/payment-methods.js';
import { ACH_RETURN_CODES } from './test-instruments.js';

export interface NewPaymentIntent {
  amount: number;
  currency: string;
  customer: string | null;
  paymentMethodTypes: string[];
  allowedPaymentMethodTypes?: string[] | null;
  description?: string | null;
  metadata?: Record<string, string>;
  applicationFeeAmount?: number | null;
  transferDestination?: string | null;
  transferAmount?: number;
  onBehalfOf?: string | null;
  setupFutureUsage?: 'off_session' | 'on_session' | null;
  receiptEmail?: string | null;
  purpose?: PaymentPurpose;
}

/** Fields of features the sandbox does not emulate, as Stripe shows them when unused. */
const UNUSED_PAYMENT_INTENT_FIELDS = {
  excluded_payment_method_types: null,
  managed_payments: null,
  payment_method_configuration_details: null,
  payment_method_options: null,
  payment_record: null,
  review: null,
  shipping: null,
  source: null,
} as const;

const UNUSED_CHARGE_FIELDS = {
  fraud_details: {},
  receipt_number: null,
  review: null,
  shipping: null,
  source: null,
  source_transfer: null,
  statement_descriptor: null,
  statement_descriptor_suffix: null,
} as const;

export function createPaymentIntent(sb: SandboxContext, input: NewPaymentIntent, owner: Owner): PaymentIntentObject {
  const id = newId('pi');
  const pi: PaymentIntentObject = {
    ...UNUSED_PAYMENT_INTENT_FIELDS,
    id,
    object: 'payment_intent',
    allowed_payment_method_types: input.allowedPaymentMethodTypes ?? null,
    amount: input.amount,
    amount_capturable: 0,
    amount_received: 0,
    application: null,
    application_fee_amount: input.applicationFeeAmount ?? null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic',
    client_secret: `${id}_secret_${randomToken(24)}`,
    confirmation_method: 'automatic',
    created: sb.clock.nowSec(),
    currency: input.currency,
    customer: input.customer,
    customer_account: null,
    description: input.description ?? null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    metadata: input.metadata ?? {},
    next_action: null,
    on_behalf_of: input.onBehalfOf ?? null,
    payment_method: null,
    payment_method_types: input.paymentMethodTypes,
    processing: null,
    receipt_email: input.receiptEmail ?? null,
    setup_future_usage: input.setupFutureUsage ?? null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'requires_payment_method',
    transfer_data: input.transferDestination
      ? { destination: input.transferDestination, ...(input.transferAmount !== undefined ? { amount: input.transferAmount } : {}) }
      : null,
    transfer_group: null,
  };
  sb.store.paymentIntents.insert(pi, owner);
  if (input.purpose) sb.store.internal.purposes[id] = input.purpose;
  sb.events.emit('payment_intent.created', pi, owner);
  return pi;
}

export type AttemptResult = { status: 'succeeded' | 'processing' } | { status: 'declined'; error: PaymentError };

/** Charges `pm` for the PaymentIntent. A declined card leaves it in requires_payment_method, ready for another try. */
export function confirmPayment(sb: SandboxContext, pi: PaymentIntentObject, pm: PaymentMethodObject, owner: Owner): AttemptResult {
  if (!['requires_payment_method', 'requires_confirmation'].includes(pi.status)) {
    throw invalidRequest(
      `This PaymentIntent's payment_method could not be updated because it has a status of ${pi.status}. You may only update the payment_method of a PaymentIntent with one of the following statuses: requires_payment_method, requires_confirmation, requires_action.`,
      undefined,
      'payment_intent_unexpected_state',
    );
  }
  if (!pi.payment_method_types.includes(pm.type)) {
    throw invalidRequest(
      `The PaymentMethod provided (${pm.type}) is not allowed for this PaymentIntent. Please attach a PaymentMethod of one of the following types: ${pi.payment_method_types.join(', ')}. Alternatively update the allowed payment_method_types for this PaymentIntent to include "${pm.type}".`,
      'payment_method',
      'payment_intent_incompatible_payment_method',
    );
  }
  pi.payment_method = pm.id;
  pi.last_payment_error = null;
  if (pi.setup_future_usage && pi.customer) attachPaymentMethod(sb, pm, pi.customer, owner);
  const behaviour = behaviourOf(sb, pm);
  const charge = newCharge(sb, pi, pm);
  pi.latest_charge = charge.id;

  if (pm.type === 'us_bank_account') {
    charge.status = 'pending';
    sb.store.charges.insert(charge, owner);
    pi.status = 'processing';
    sb.events.emit('charge.pending', charge, owner);
    sb.events.emit('payment_intent.processing', pi, owner);
    sb.scheduler.schedule('ach_settle', pi.id, sb.clock.nowMs() + sb.achSettleAfterMs);
    return { status: 'processing' };
  }

  const decline =
    behaviour.decline ?? (behaviour.declineCharges ? { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' } : undefined);
  if (decline) {
    Object.assign(charge, {
      status: 'failed',
      paid: false,
      captured: false,
      amount_captured: 0,
      balance_transaction: null,
      failure_code: decline.code,
      failure_message: decline.message,
      outcome: {
        network_status: 'declined_by_network',
        reason: decline.declineCode ?? null,
        risk_level: 'normal',
        seller_message: 'The bank did not return any further details with this decline.',
        type: 'issuer_declined',
      },
    } satisfies Partial<ChargeObject>);
    sb.store.charges.insert(charge, owner);
    const error: PaymentError = {
      type: 'card_error',
      code: decline.code,
      ...(decline.declineCode ? { decline_code: decline.declineCode } : {}),
      message: decline.message,
      doc_url: `https://stripe.com/docs/error-codes/${decline.code.replaceAll('_', '-')}`,
      payment_method: structuredClone(pm),
      charge: charge.id,
    };
    pi.status = 'requires_payment_method';
    pi.last_payment_error = error;
    sb.events.emit('charge.failed', charge, owner);
    sb.events.emit('payment_intent.payment_failed', pi, owner);
    return { status: 'declined', error };
  }

  markChargeSucceeded(charge, pi);
  sb.store.charges.insert(charge, owner);
  pi.status = 'succeeded';
  pi.amount_received = pi.amount;
  sb.events.emit('charge.succeeded', charge, owner);
  sb.events.emit('payment_intent.succeeded', pi, owner);
  return { status: 'succeeded' };
}

/** The 402 Stripe answers a declined confirmation with, carrying the PaymentIntent. */
export function declineError(pi: PaymentIntentObject, error: PaymentError): StripeApiError {
  return cardError(error.code, error.message, {
    ...(error.decline_code ? { decline_code: error.decline_code } : {}),
    ...(error.charge ? { charge: error.charge } : {}),
    payment_intent: structuredClone(pi),
  });
}

/** An ACH debit reaches its outcome: settles, or fails with the test account's failure code. */
export function settleAchPayment(sb: SandboxContext, paymentIntentId: string): void {
  const pi = sb.store.paymentIntents.find(paymentIntentId);
  if (!pi || pi.status !== 'processing' || !pi.latest_charge || !pi.payment_method) return;
  const owner = sb.store.paymentIntents.ownerOf(pi.id);
  const charge = sb.store.charges.find(pi.latest_charge)!;
  const pm = sb.store.paymentMethods.find(pi.payment_method)!;
  const failure = behaviourOf(sb, pm).achFailure;
  if (failure) {
    failCharge(charge, failure.code, failure.message);
    failPaymentIntent(pi, pm, charge, failure.code, failure.message);
    sb.events.emit('charge.failed', charge, owner);
    sb.events.emit('payment_intent.payment_failed', pi, owner);
    for (const listener of sb.onPaymentSettled) listener(pi, 'failed');
    return;
  }
  markChargeSucceeded(charge, pi);
  pi.status = 'succeeded';
  pi.amount_received = pi.amount;
  sb.events.emit('charge.succeeded', charge, owner);
  sb.events.emit('payment_intent.succeeded', pi, owner);
  for (const listener of sb.onPaymentSettled) listener(pi, 'succeeded');
}

/** A settled ACH debit comes back from the customer's bank (an ACH return). */
export function returnAchPayment(sb: SandboxContext, paymentIntentId: string, returnCode: string): PaymentIntentObject {
  const pi = sb.store.paymentIntents.find(paymentIntentId);
  if (!pi) throw invalidRequest(`No such payment_intent: '${paymentIntentId}'`, 'payment_intent', 'resource_missing');
  const pm = pi.payment_method ? sb.store.paymentMethods.find(pi.payment_method) : undefined;
  if (pi.status !== 'succeeded' || pm?.type !== 'us_bank_account' || !pi.latest_charge) {
    throw invalidRequest(`Only a succeeded us_bank_account payment can be returned; ${pi.id} is ${pi.status} (${pm?.type ?? 'no payment method'}).`, 'payment_intent');
  }
  const reason = ACH_RETURN_CODES[returnCode];
  if (!reason) throw invalidRequest(`Unknown return code ${returnCode}: use one of ${Object.keys(ACH_RETURN_CODES).join(', ')}.`, 'code');
  const owner = sb.store.paymentIntents.ownerOf(pi.id);
  const charge = sb.store.charges.find(pi.latest_charge)!;
  failCharge(charge, reason.code, reason.message);
  charge.failure_balance_transaction = newId('txn');
  failPaymentIntent(pi, pm, charge, reason.code, reason.message);
  sb.events.emit('charge.failed', charge, owner);
  sb.events.emit('payment_intent.payment_failed', pi, owner);
  return pi;
}

export interface NewRefund {
  paymentIntent?: string;
  charge?: string;
  amount?: number;
  reason?: string;
  metadata?: Record<string, string>;
  reverseTransfer?: boolean;
}

export function createRefund(sb: SandboxContext, input: NewRefund, owner: Owner): RefundObject {
  let charge: ChargeObject;
  let pi: PaymentIntentObject | undefined;
  if (input.paymentIntent) {
    pi = sb.store.paymentIntents.get(input.paymentIntent, owner, 'payment_intent');
    if (pi.status !== 'succeeded' || !pi.latest_charge) {
      throw invalidRequest(`This PaymentIntent (${pi.id}) does not have a successful charge to refund.`, 'payment_intent', 'charge_not_refundable');
    }
    charge = sb.store.charges.find(pi.latest_charge)!;
  } else if (input.charge) {
    charge = sb.store.charges.get(input.charge, owner, 'charge');
    pi = charge.payment_intent ? sb.store.paymentIntents.find(charge.payment_intent) : undefined;
  } else {
    throw invalidRequest('One of the following params should be provided for this request: payment_intent or charge.', undefined, 'parameter_missing');
  }
  if (charge.status !== 'succeeded') {
    throw invalidRequest(`Charge ${charge.id} has a status of ${charge.status} and cannot be refunded.`, undefined, 'charge_not_refundable');
  }
  const remaining = charge.amount - charge.amount_refunded;
  if (remaining <= 0) throw invalidRequest(`Charge ${charge.id} has already been refunded.`, undefined, 'charge_already_refunded');
  const amount = input.amount ?? remaining;
  if (amount > remaining) {
    throw invalidRequest(
      `Refund amount (${formatAmount(amount, charge.currency)}) is greater than unrefunded amount on charge (${formatAmount(remaining, charge.currency)})`,
      'amount',
    );
  }
  const refund: RefundObject = {
    id: newId('re'),
    object: 'refund',
    amount,
    application: null,
    balance_transaction: newId('txn'),
    charge: charge.id,
    created: sb.clock.nowSec(),
    currency: charge.currency,
    customer: charge.customer,
    customer_account: null,
    metadata: input.metadata ?? {},
    payment_intent: pi?.id ?? null,
    payment_method: charge.payment_method,
    reason: input.reason ?? null,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: input.reverseTransfer && charge.transfer_data ? newId('trr') : null,
  };
  sb.store.refunds.insert(refund, owner);
  charge.amount_refunded += amount;
  charge.refunded = charge.amount_refunded >= charge.amount;
  sb.events.emit('refund.created', refund, owner);
  sb.events.emit('charge.refunded', charge, owner);
  return refund;
}

function newCharge(sb: SandboxContext, pi: PaymentIntentObject, pm: PaymentMethodObject): ChargeObject {
  return {
    ...UNUSED_CHARGE_FIELDS,
    id: newId('ch'),
    object: 'charge',
    amount: pi.amount,
    amount_captured: 0,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: pi.application_fee_amount,
    balance_transaction: null,
    billing_details: structuredClone(pm.billing_details),
    calculated_statement_descriptor: 'SANDBOX',
    captured: true,
    created: sb.clock.nowSec(),
    currency: pi.currency,
    customer: pi.customer,
    description: pi.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: null,
    failure_message: null,
    livemode: false,
    metadata: { ...pi.metadata },
    on_behalf_of: pi.on_behalf_of,
    outcome: null,
    paid: false,
    payment_intent: pi.id,
    payment_method: pm.id,
    payment_method_details:
      pm.type === 'card'
        ? {
            type: 'card',
            card: {
              brand: pm.card!.brand,
              country: pm.card!.country,
              exp_month: pm.card!.exp_month,
              exp_year: pm.card!.exp_year,
              funding: pm.card!.funding,
              last4: pm.card!.last4,
              network: pm.card!.brand,
            },
          }
        : {
            type: 'us_bank_account',
            us_bank_account: {
              account_holder_type: pm.us_bank_account!.account_holder_type,
              account_type: pm.us_bank_account!.account_type,
              bank_name: pm.us_bank_account!.bank_name,
              fingerprint: pm.us_bank_account!.fingerprint,
              last4: pm.us_bank_account!.last4,
              routing_number: pm.us_bank_account!.routing_number,
            },
          },
    receipt_email: pi.receipt_email,
    receipt_url: `${sb.baseUrl()}/`,
    refunded: false,
    status: 'pending',
    transfer_data: pi.transfer_data ? { destination: pi.transfer_data.destination, amount: pi.transfer_data.amount ?? null } : null,
    transfer_group: null,
  };
}

function markChargeSucceeded(charge: ChargeObject, pi: PaymentIntentObject): void {
  charge.status = 'succeeded';
  charge.paid = true;
  charge.captured = true;
  charge.amount_captured = charge.amount;
  charge.balance_transaction = newId('txn');
  charge.outcome = {
    network_status: 'approved_by_network',
    reason: null,
    risk_level: 'normal',
    seller_message: 'Payment complete.',
    type: 'authorized',
  };
  if (pi.transfer_data) charge.transfer = newId('tr');
  if (pi.application_fee_amount) charge.application_fee = newId('fee');
}

function failCharge(charge: ChargeObject, code: string, message: string): void {
  charge.status = 'failed';
  charge.paid = false;
  charge.failure_code = code;
  charge.failure_message = message;
  charge.outcome = {
    network_status: 'declined_by_network',
    reason: code,
    risk_level: 'normal',
    seller_message: message,
    type: 'issuer_declined',
  };
}

function failPaymentIntent(pi: PaymentIntentObject, pm: PaymentMethodObject, charge: ChargeObject, code: string, message: string): void {
  pi.status = 'requires_payment_method';
  pi.amount_received = 0;
  pi.last_payment_error = {
    type: 'invalid_request_error',
    code,
    message,
    payment_method: structuredClone(pm),
    charge: charge.id,
  };
}

export function formatAmount(amount: number, currency: string): string {
  const symbol = currency.toLowerCase() === 'usd' ? '$' : `${currency.toUpperCase()} `;
  return `${symbol}${(amount / 100).toFixed(2)}`;
}
