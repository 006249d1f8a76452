// Stripe's test card numbers and test bank accounts, and what each does. Numbers outside these lists are refused
// the way Stripe refuses a real card in test mode.
import type { InstrumentBehaviour } from '../state/store.js';

export interface TestCard {
  number: string;
  brand: 'visa' | 'mastercard' | 'amex';
  funding: 'credit' | 'debit';
  behaviour: InstrumentBehaviour;
  description: string;
}

const declined = { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' };

export const TEST_CARDS: readonly TestCard[] = [
  { number: '4242424242424242', brand: 'visa', funding: 'credit', behaviour: {}, description: 'succeeds' },
  { number: '4000056655665556', brand: 'visa', funding: 'debit', behaviour: {}, description: 'succeeds (debit)' },
  { number: '5555555555554444', brand: 'mastercard', funding: 'credit', behaviour: {}, description: 'succeeds' },
  { number: '378282246310005', brand: 'amex', funding: 'credit', behaviour: {}, description: 'succeeds' },
  { number: '4000000000000002', brand: 'visa', funding: 'credit', behaviour: { decline: declined }, description: 'declined (generic_decline)' },
  {
    number: '4000000000009995',
    brand: 'visa',
    funding: 'credit',
    behaviour: { decline: { code: 'card_declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' } },
    description: 'declined (insufficient_funds)',
  },
  {
    number: '4000000000000341',
    brand: 'visa',
    funding: 'credit',
    behaviour: { declineCharges: true },
    description: 'saves fine; every later charge is declined',
  },
];

export const TEST_ROUTING_NUMBER = '110000000';

export interface TestBankAccount {
  accountNumber: string;
  behaviour: InstrumentBehaviour;
  description: string;
}

/** Stripe's ACH test account numbers (with routing number 110000000) and the failure code each debit ends with. */
export const TEST_BANK_ACCOUNTS: readonly TestBankAccount[] = [
  { accountNumber: '000123456789', behaviour: {}, description: 'settles' },
  {
    accountNumber: '000111111113',
    behaviour: { achFailure: { code: 'account_closed', returnCode: 'R02', message: "The customer's bank account has been closed." } },
    description: 'fails when it would settle: account_closed (R02)',
  },
  {
    accountNumber: '000111111116',
    behaviour: { achFailure: { code: 'no_account', returnCode: 'R03', message: "The customer's bank account could not be located." } },
    description: 'fails when it would settle: no_account (R03)',
  },
  {
    accountNumber: '000222222227',
    behaviour: { achFailure: { code: 'insufficient_funds', returnCode: 'R01', message: "The customer's account has insufficient funds to cover this payment." } },
    description: 'fails when it would settle: insufficient_funds (R01)',
  },
  {
    accountNumber: '000333333335',
    behaviour: { achFailure: { code: 'debit_not_authorized', returnCode: 'R10', message: 'The customer has notified their bank that this payment was unauthorized.' } },
    description: 'fails when it would settle: debit_not_authorized (R10)',
  },
];

/** ACH return codes a settled payment can be returned with (POST /_sandbox/return), as Stripe's failure codes. */
export const ACH_RETURN_CODES: Record<string, { code: string; message: string }> = {
  R01: { code: 'insufficient_funds', message: "The customer's account has insufficient funds to cover this payment." },
  R02: { code: 'account_closed', message: "The customer's bank account has been closed." },
  R03: { code: 'no_account', message: "The customer's bank account could not be located." },
  R10: { code: 'debit_not_authorized', message: 'The customer has notified their bank that this payment was unauthorized.' },
};

export function findTestCard(number: string): TestCard | undefined {
  const digits = number.replace(/[\s-]/g, '');
  return TEST_CARDS.find((card) => card.number === digits);
}

export function findTestBankAccount(accountNumber: string): TestBankAccount | undefined {
  return TEST_BANK_ACCOUNTS.find((account) => account.accountNumber === accountNumber.trim());
}
