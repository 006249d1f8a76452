import { datesInSentence } from '../dates.js';
import { moneyInSentence, type FoundMoney, type Money } from '../money.js';
import { COUNT, ORDINAL, countValue, ordinalValue } from '../numbers.js';
import type { Sentence } from '../sentences.js';
import { derived, stated, type Fact, type StatedFact } from './fact.js';

export interface LeasePayments {
  monthlyRent?: StatedFact<Money>;
  /** Day of the month rent is due, 1–31. */
  rentDueDay?: StatedFact<number>;
  securityDeposit?: StatedFact<Money>;
  lateFee?: StatedFact<Money>;
  /**
   * Days after the due day on which rent is still on time: stated ("a grace period of five (5) days"), or derived
   * from the due day and the day after which rent is late (due on the 1st, late after the 5th: 4).
   */
  gracePeriodDays?: Fact<number>;
}

/** A form's blank for another figure after the printed one: "the 1st (or ___) day", "within 5 (or ___) days". */
const BLANK = String.raw`(?:\s*\(or\s*_*\s*\))?`;
/** Up to n characters of the same clause: a period inside an amount ("$2,200.00") does not end it. */
const CLAUSE = (n: number): string => String.raw`(?:[^.;]|\.(?=\d)){0,${n}}?`;

const RENT_WORD = /\b(?:monthly\s+(?:base\s+)?(?:rent|rental|installments?)|base\s+rent|rent|renta(?:\s+mensual)?|alquiler(?:\s+mensual)?)\b/giu;
const MONTHLY = /\b(?:month|monthly|per\s+mo|mensual|al\s+mes|por\s+mes|cada\s+mes)\b|\/\s*mo(?:nth)?\b/iu;
/** Words that make an amount something other than the rent (a fee, a deposit, a prorated first month, a future increase). */
const NOT_RENT = /\b(?:late|fees?|deposits?|charges?|penalty|returned|NSF|pets?|utilit\w*|prorat\w*|pro-rat\w*|parking|storage|increase\w*|renewal|adjust\w*|recargo|dep[oó]sito|percent)\b|%/iu;
/** A form line naming the rent: "Rent: $1,400.00", "Base Rent: …" (no annual, weekly or total rent). */
const RENT_LABEL = /^(?:Monthly\s+|Base\s+)*Rent(?:\s+Amount)?\s*:\s*/iu;
const PER_MONTH_AFTER = /^\s*(?:(?:[^.;$]{0,30}\b)?(?:per|a|each|every|of\s+each|of\s+every)\s+(?:calendar\s+)?month\b|monthly\b|\/\s*mo(?:nth)?\b)/iu;

/** Rent, its due day, the deposit, the late fee and grace period, each from the first sentence that states it plainly. */
export function leasePayments(sentences: readonly Sentence[]): LeasePayments {
  const payments: LeasePayments = {};
  for (const sentence of sentences) {
    payments.monthlyRent ??= monthlyRentIn(sentence);
    payments.rentDueDay ??= rentDueDayIn(sentence);
    payments.securityDeposit ??= securityDepositIn(sentence);
    payments.lateFee ??= lateFeeIn(sentence);
    payments.gracePeriodDays ??= gracePeriodIn(sentence);
  }
  if (!payments.gracePeriodDays && payments.rentDueDay) {
    const due = payments.rentDueDay;
    for (const sentence of sentences) {
      const late = lateAfterIn(sentence);
      if (late && late.value >= due.value && late.value - due.value <= 27) {
        payments.gracePeriodDays = derived(late.value - due.value, late.source, [due.source]);
        break;
      }
    }
  }
  return payments;
}

function money(amount: FoundMoney, sentence: Sentence): StatedFact<Money> {
  return stated({ amountCents: amount.amountCents, currency: amount.currency }, sentence, amount.start, amount.end);
}

/** The monthly rent: the amount after "rent" in a sentence about a month, not a fee's, a deposit's or a prorated month's. */
export function monthlyRentIn(sentence: Sentence): StatedFact<Money> | undefined {
  const text = sentence.text;
  const amounts = moneyInSentence(sentence);
  if (amounts.length === 0) return undefined;
  if (!MONTHLY.test(text)) {
    // A form's "Rent: $1,400.00", which names no month.
    const label = RENT_LABEL.exec(text);
    const labelled = label && !/\b(?:week\w*|annual\w*|year\w*|daily|total)\b/iu.test(text) && amounts.find((found) => found.start === label[0].length);
    return labelled ? money(labelled, sentence) : undefined;
  }
  RENT_WORD.lastIndex = 0;
  for (let match = RENT_WORD.exec(text); match; match = RENT_WORD.exec(text)) {
    const around = text.slice(Math.max(0, match.index - 30), match.index + match[0].length + 40);
    if (/^(?:rent|renta|alquiler)$/iu.test(match[0]) && /\b(?:annual|yearly|per\s+year|total)\b/iu.test(around)) continue;
    // "prorated rent", "late rent": the words just before, within the clause.
    const lead = text.slice(Math.max(0, match.index - 25), match.index).split(/[;,.]/u).at(-1)!;
    if (NOT_RENT.test(lead)) continue;
    const after = match.index + match[0].length;
    const amount = amounts.find((found) => found.start >= after && found.start - after <= 80 && !NOT_RENT.test(text.slice(after, found.start)));
    if (amount) return money(amount, sentence);
  }
  // "Tenant agrees to pay $1,850.00 each month", "Tenant will pay $1,780 on the fifteenth of each month": an amount
  // paid monthly where nothing says it is anything but rent.
  if (/\bpay\w*\b/iu.test(text) && !NOT_RENT.test(text)) {
    const amount = amounts.find((found) => PER_MONTH_AFTER.test(text.slice(found.end)));
    if (amount) return money(amount, sentence);
  }
  return undefined;
}

// Room for the amount written in words and figures and a word on how between the verb and the day: "shall pay Landlord
// Two Thousand Three Hundred Forty Dollars ($2,340.00) per month, in one payment for the whole apartment, by the 3rd".
const DUE_DAY = new RegExp(String.raw`\b(?:due|payable|paid|pay)\b${CLAUSE(140)}\bthe\s+(?<day>${ORDINAL})${BLANK}(?:\s+day)?`, 'giu');
const DUE_DAY_LABEL = new RegExp(String.raw`\b(?:(?:rent\s+)?due\s+(?:day|date)|rent\s+due)\s*:\s*(?:on\s+)?(?:the\s+)?(?<day>${ORDINAL}|\d{1,2}\b)`, 'giu');
/**
 * "el día 5 de cada mes", "el día primero (1) de cada mes", "el día cinco (5) de cada mes", "el primer día de cada
 * mes", "el primer (1) día", "el quinto (5) día de cada mes".
 */
const DUE_DAY_SPANISH = /\b(?:d[ií]a\s+(?<day>\p{L}+\s*\(\d{1,2}\)|\d{1,2}|primero)|(?<first>\p{L}+\s*\(\d{1,2}\)|primer)\s+d[ií]a)\s+de\s+cada\s+mes\b/giu;

/** "due on or before the fifth (5th) day of each month", "payable on the 5th of every month", "Rent Due Date: 1st". */
export function rentDueDayIn(sentence: Sentence): StatedFact<number> | undefined {
  const text = sentence.text;
  if (!/\b(?:rent|renta|alquiler)\b/iu.test(text) && !/\b(?:each|every)\s+(?:calendar\s+)?month\b/iu.test(text)) return undefined;
  if (/\bdeposit\b/iu.test(text) && !/\brent\b/iu.test(text)) return undefined;
  const dates = datesInSentence(sentence).map((found) => [found.source.start - sentence.start, found.source.end - sentence.start] as const);
  for (const regex of [DUE_DAY_LABEL, DUE_DAY, DUE_DAY_SPANISH]) {
    regex.lastIndex = 0;
    for (let match = regex.exec(text); match; match = regex.exec(text)) {
      const written = match.groups!['day'] ?? match.groups!['first']!;
      const dayStart = match.index + match[0].lastIndexOf(written);
      // "due on the 1st day of January, 2026" names a date, not a day of every month; "late after the 5th" is no due day.
      if (dates.some(([start, end]) => dayStart >= start && dayStart < end)) continue;
      if (/\b(?:after|late|later\s+than\s+\w+\s+after)\s+the\s+$/iu.test(text.slice(Math.max(0, dayStart - 24), dayStart))) continue;
      const day = /^primer\w*$/iu.test(written) ? 1 : ordinalValue(written);
      if (day === undefined) continue;
      return stated(day, sentence, dayStart, dayStart + written.length);
    }
  }
  return undefined;
}

const DEPOSIT_WORD = /\b(?:security\s+deposit|damage\s+deposit|dep[oó]sito(?:\s+de\s+garant[ií]a)?|deposit(?:ed)?)\b/giu;
/** Deposits that are not the security deposit. */
const OTHER_DEPOSIT = /\b(?:pet|animal|key|holding|application|cleaning|furniture|utility)\s+$/iu;

/** The security deposit: the amount after its name ("a security deposit of $2,775.00") or just before it ("$1,850 as a security deposit"). */
export function securityDepositIn(sentence: Sentence): StatedFact<Money> | undefined {
  const text = sentence.text;
  const amounts = moneyInSentence(sentence);
  if (amounts.length === 0) return undefined;
  DEPOSIT_WORD.lastIndex = 0;
  for (let match = DEPOSIT_WORD.exec(text); match; match = DEPOSIT_WORD.exec(text)) {
    if (OTHER_DEPOSIT.test(text.slice(0, match.index))) continue;
    const after = match.index + match[0].length;
    const next = amounts.find((found) => found.start >= after && found.start - after <= 80);
    const between = next && text.slice(after, next.start);
    // "a deposit of $1,500", or its figure in brackets after words: "of two months' rent ($1,950)".
    if (next && (!/\b(?:rent|fees?|pets?|animal|interest)\b|%/iu.test(between!) || /^\s*(?:of|equal\s+to|in\s+the\s+amount\s+of)?\s*[\p{L}\s'’-]{0,40}\($/u.test(between!))) {
      return money(next, sentence);
    }
    const before = amounts.findLast((found) => found.end <= match!.index && match!.index - found.end <= 25);
    if (before && /^\s*(?:as\s+)?(?:a\s+|the\s+)?(?:refundable\s+)?$/iu.test(text.slice(before.end, match.index))) return money(before, sentence);
  }
  return undefined;
}

const LATE_FEE = /\b(?:late\s+(?:fee|charge|payment\s+(?:fee|charge))s?|recargo(?:\s+por\s+(?:mora|retraso))?)\b/giu;

/** "a late fee of $50.00", "a $40 late fee", "late charge of $75.00"; a percentage of the rent is no amount. */
export function lateFeeIn(sentence: Sentence): StatedFact<Money> | undefined {
  const text = sentence.text;
  const amounts = moneyInSentence(sentence);
  if (amounts.length === 0) return undefined;
  LATE_FEE.lastIndex = 0;
  for (let match = LATE_FEE.exec(text); match; match = LATE_FEE.exec(text)) {
    // "a $40 late fee", "an additional sum of $95.00 as a Late Charge"
    const before = amounts.findLast((found) => found.end <= match!.index && /^\s*(?:as\s+(?:a|the)\s+)?$/iu.test(text.slice(found.end, match!.index)));
    if (before) return money(before, sentence);
    const after = match.index + match[0].length;
    const next = amounts.find((found) => found.start >= after && found.start - after <= 60);
    if (next && !/%|\bpercent\b|\brent\b|\bper\s+day\b/iu.test(text.slice(after, next.start))) return money(next, sentence);
  }
  return undefined;
}

const GRACE: readonly RegExp[] = [
  new RegExp(String.raw`\bgrace\s+period\s+(?:of\s+)?(?<count>${COUNT})\s*(?:calendar\s+)?days?\b`, 'giu'),
  new RegExp(String.raw`\b(?<count>${COUNT})[- ](?:calendar[- ])?days?['’]?\s+grace\b`, 'giu'),
  new RegExp(
    String.raw`\bwithin\s+(?<count>${COUNT})${BLANK}\s*(?:calendar\s+)?days?\s+(?:after|of|following)\s+(?:the\s+|its\s+)?(?:due\s+date|date\s+(?:it\s+is\s+|rent\s+is\s+)?due|(?:it|rent)\s+(?:is|was)\s+due)\b`,
    'giu',
  ),
];

/** A grace period stated as one: "a grace period of five (5) days", "a 3-day grace period", "within 5 days after the due date". */
export function gracePeriodIn(sentence: Sentence): StatedFact<number> | undefined {
  for (const regex of GRACE) {
    regex.lastIndex = 0;
    const match = regex.exec(sentence.text);
    if (!match?.groups) continue;
    const days = countValue(match.groups['count']!);
    if (days === undefined || days < 1 || days > 31) continue;
    const written = match.groups['count']!;
    const from = match.index + match[0].indexOf(written);
    return stated(days, sentence, from, from + written.length);
  }
  return undefined;
}

const LATE_AFTER = new RegExp(
  String.raw`\b(?:(?:received|paid|made|pay)\s+(?:all\s+)?(?:(?:the\s+|your\s+)?rent\s+)?|late\s+(?:fee|charge)s?\b${CLAUSE(30)}\(?\s*)(?:(?<onOr>on\s+or\s+)?after|(?<by>by|on\s+or\s+before))\s+(?:\d{1,2}(?::\d{2})?\s*[ap]\.?m\.?\s+on\s+)?(?:the\s+)?(?<day>${ORDINAL})`,
  'giu',
);

/**
 * "Rent received after the 5th is late", "a late fee if rent is not paid by the 4th", "Late Fee: $115.00 (after the
 * 5th)": the last day rent is on time (the 5th, the 4th; "on or after the 6th": the 5th).
 */
function lateAfterIn(sentence: Sentence): StatedFact<number> | undefined {
  const text = sentence.text;
  if (!/\blate\b/iu.test(text)) return undefined;
  for (const match of text.matchAll(LATE_AFTER)) {
    const written = match.groups!['day']!;
    const day = ordinalValue(written);
    if (day === undefined) continue;
    // "paid by the 4th" is a late day only where it is the lack of payment that is late: "not paid by", "unless paid by".
    const by = match.groups!['by'] ? match.index + match[0].search(/\b(?:by|on\s+or\s+before)\b/iu) : -1;
    if (by >= 0 && !/(?:\bnot|\bunless|n['’]t)\s+(?:\w+\s+){0,3}$/iu.test(text.slice(Math.max(0, by - 30), by))) continue;
    const from = match.index + match[0].lastIndexOf(written);
    return stated(match.groups!['onOr'] ? day - 1 : day, sentence, from, from + written.length);
  }
  return undefined;
}
