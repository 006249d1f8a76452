// Paddle's test cards, as its sandbox takes them: any future expiry, any three-digit CVC (four for Amex, which the
// sandbox does not take).
import type { PaymentMethodRecord } from '../wire/objects.js';

export interface TestCard {
  number: string;
  brand: PaymentMethodRecord['card']['type'];
  declines: boolean;
  description: string;
}

export const TEST_CARDS: readonly TestCard[] = [
  { number: '4242424242424242', brand: 'visa', declines: false, description: 'Visa, succeeds' },
  { number: '4000056655665556', brand: 'visa', declines: false, description: 'Visa debit, succeeds' },
  { number: '5555555555554444', brand: 'mastercard', declines: false, description: 'Mastercard, succeeds' },
  { number: '4000000000000002', brand: 'visa', declines: true, description: 'declined' },
];

export function findTestCard(input: string): TestCard | undefined {
  const digits = input.replace(/[\s-]/g, '');
  return TEST_CARDS.find((card) => card.number === digits);
}

export const groupDigits = (number: string) => number.replace(/(\d{4})(?=\d)/g, '$1 ');
