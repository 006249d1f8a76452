// PaymentMethods made from what a payer typed on a hosted page, or from Stripe's test ids (`pm_card_visa`), and
// attaching them to customers.
import { createHash } from 'node:crypto';
import { noSuchResource } from '../http/stripe-error.js';
import type { SandboxContext } from '../sandbox-context.js';
import { newId } from '../state/ids.js';
import type { InstrumentBehaviour, Owner } from '../state/store.js';
import type { BillingDetails, PaymentMethodObject } from '../wire/objects.js';
import { findTestCard, TEST_ROUTING_NUMBER, type TestCard } from '../payments/test-instruments.js';

const fingerprint = (s: string) => createHash('sha256').update(s).digest('base64url').slice(0, 16);

export function billingDetails(name: string | null, email: string | null): BillingDetails {
  return {
    address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null },
    email,
    name,
    phone: null,
  };
}

export function createCardPaymentMethod(
  sb: SandboxContext,
  card: TestCard,
  expiry: { month: number; year: number },
  details: BillingDetails,
  owner: Owner,
): PaymentMethodObject {
  const pm: PaymentMethodObject = {
    id: newId('pm'),
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: details,
    card: {
      brand: card.brand,
      country: 'US',
      display_brand: card.brand,
      exp_month: expiry.month,
      exp_year: expiry.year,
      fingerprint: fingerprint(card.number),
      funding: card.funding,
      last4: card.number.slice(-4),
      networks: { available: [card.brand], preferred: null },
      wallet: null,
    },
    created: sb.clock.nowSec(),
    customer: null,
    customer_account: null,
    livemode: false,
    metadata: {},
    type: 'card',
  };
  sb.store.internal.behaviours[pm.id] = card.behaviour;
  return sb.store.paymentMethods.insert(pm, owner);
}

export function createBankPaymentMethod(
  sb: SandboxContext,
  bank: { accountNumber: string; holderType: 'individual' | 'company'; accountType: 'checking' | 'savings' },
  behaviour: InstrumentBehaviour,
  details: BillingDetails,
  owner: Owner,
): PaymentMethodObject {
  const pm: PaymentMethodObject = {
    id: newId('pm'),
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: details,
    created: sb.clock.nowSec(),
    customer: null,
    customer_account: null,
    livemode: false,
    metadata: {},
    type: 'us_bank_account',
    us_bank_account: {
      account_holder_type: bank.holderType,
      account_type: bank.accountType,
      bank_name: 'STRIPE TEST BANK',
      financial_connections_account: null,
      fingerprint: fingerprint(bank.accountNumber),
      last4: bank.accountNumber.slice(-4),
      networks: { preferred: 'ach', supported: ['ach'] },
      routing_number: TEST_ROUTING_NUMBER,
      status_details: null,
    },
  };
  sb.store.internal.behaviours[pm.id] = behaviour;
  return sb.store.paymentMethods.insert(pm, owner);
}

/** Stripe's test PaymentMethod ids, usable wherever a PaymentMethod id is: each use makes a fresh PaymentMethod. */
const TEST_PAYMENT_METHODS: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_mastercard: '5555555555554444',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeCustomerFail: '4000000000000341',
};

/** The PaymentMethod a request names, with Stripe's test ids materialised. */
export function resolvePaymentMethod(sb: SandboxContext, id: string, owner: Owner, param: string): PaymentMethodObject {
  const testNumber = TEST_PAYMENT_METHODS[id];
  if (testNumber) {
    const card = findTestCard(testNumber)!;
    return createCardPaymentMethod(sb, card, { month: 12, year: new Date().getUTCFullYear() + 3 }, billingDetails(null, null), owner);
  }
  return sb.store.paymentMethods.get(id, owner, param);
}

export function attachPaymentMethod(sb: SandboxContext, pm: PaymentMethodObject, customerId: string, owner: Owner): void {
  if (pm.customer === customerId) return;
  pm.customer = customerId;
  sb.events.emit('payment_method.attached', pm, owner);
}

export function behaviourOf(sb: SandboxContext, pm: PaymentMethodObject): InstrumentBehaviour {
  return sb.store.internal.behaviours[pm.id] ?? {};
}

export function requireCustomer(sb: SandboxContext, id: string, owner: Owner, param: string) {
  const customer = sb.store.customers.find(id);
  if (!customer || sb.store.customers.ownerOf(id) !== owner) throw noSuchResource('customer', id, param);
  return customer;
}
