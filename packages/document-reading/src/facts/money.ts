import type { Sentence } from './sentences.js';

export interface Money {
  /** Integer minor units: cents. */
  amountCents: number;
  /** ISO 4217. */
  currency: string;
}

export interface FoundMoney extends Money {
  text: string;
  /** Offsets in the sentence text. */
  start: number;
  end: number;
}

const NUMBER = String.raw`(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{2}))?`;
const PATTERNS: readonly { regex: RegExp; currency: string }[] = [
  { regex: new RegExp(String.raw`(?:US)?\$\s?${NUMBER}(?!\d|,\d)`, 'g'), currency: 'USD' },
  { regex: new RegExp(String.raw`\bUSD\s?${NUMBER}(?!\d|,\d)`, 'g'), currency: 'USD' },
  // Not the cents of a written-out amount: "Seventy-Five and 00/100 Dollars ($1,875.00)" is no $100.
  { regex: new RegExp(String.raw`(?<![\d,.$/])${NUMBER}\s+(?:US\s+)?dollars\b`, 'gi'), currency: 'USD' },
  { regex: new RegExp(String.raw`(?<![\d,.$])${NUMBER}\s?USD\b`, 'g'), currency: 'USD' },
];

/** Amounts of money in a sentence ("$1,850.00", "$1850", "USD 1,850", "1850 dollars"), in reading order. */
export function moneyInSentence(sentence: Pick<Sentence, 'text'>): FoundMoney[] {
  const found: FoundMoney[] = [];
  for (const { regex, currency } of PATTERNS) {
    regex.lastIndex = 0;
    for (let match = regex.exec(sentence.text); match; match = regex.exec(sentence.text)) {
      const start = match.index;
      const end = start + match[0].length;
      if (found.some((other) => start < other.end && end > other.start)) continue;
      const whole = Number(match[1]!.replaceAll(',', ''));
      const cents = match[2] ? Number(match[2]) : 0;
      found.push({ amountCents: whole * 100 + cents, currency, text: match[0], start, end });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}
