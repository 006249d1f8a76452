import { datesInSentence } from '../dates.js';
import type { LeaseFactField, ListedFact } from '../fact-list.js';
import { moneyInSentence } from '../money.js';
import type { Sentence } from '../sentences.js';
import { span, stated, statedDate, type StatedFact } from './fact.js';
import { noticePeriodIn } from './notice.js';
import { isPartyName } from './parties.js';
import { gracePeriodIn, lateFeeIn, monthlyRentIn, rentDueDayIn, securityDepositIn } from './payments.js';
import { isAddress } from './premises.js';
import { endDateIn, startDateIn } from './term.js';

/** The fields a reader may point at a sentence for; the others are computed (notice deadline) or read whole (clauses). */
export type PointableField = Extract<
  LeaseFactField,
  'landlord' | 'tenant' | 'premises' | 'start_date' | 'end_date' | 'monthly_rent' | 'rent_due_day' | 'security_deposit' | 'late_fee' | 'grace_period_days' | 'notice_period_days'
>;

/**
 * Reads one field from a sentence someone else (the model) said states it, by the parser's own rules: a date after a
 * start or end word (or the sentence's only date), the rent after "rent", the deposit after its name, the tenant's
 * notice, a due day that is not a calendar date. A name or an address is taken only as `written` appears in the
 * sentence and only when it reads as one (no dates, roles or "Unit A"). Undefined when the sentence does not state it.
 */
export function leaseFieldIn(field: PointableField, sentence: Sentence, written = ''): ListedFact | undefined {
  const row = <T>(fact: StatedFact<T> | undefined, value: (value: T) => ListedFact['value'], as: LeaseFactField = field): ListedFact | undefined =>
    fact && { field: as, value: value(fact.value), source: fact.source, derived: false };
  const money = (value: { amountCents: number; currency: string }): ListedFact['value'] => ({ kind: 'money', cents: value.amountCents, currency: value.currency });
  const number = (value: number): ListedFact['value'] => ({ kind: 'number', value });
  switch (field) {
    case 'start_date':
    case 'end_date': {
      const dates = datesInSentence(sentence);
      const found = field === 'start_date' ? startDateIn(sentence, dates) : endDateIn(sentence, dates);
      return row(found && statedDate(found), (date) => ({ kind: 'date', date }));
    }
    case 'monthly_rent':
      return row(monthlyRentIn(sentence) ?? onlyRentAmount(sentence), money);
    case 'security_deposit':
      return row(securityDepositIn(sentence), money);
    case 'late_fee':
      return row(lateFeeIn(sentence), money);
    case 'rent_due_day':
      return row(rentDueDayIn(sentence), number);
    case 'grace_period_days':
      return row(gracePeriodIn(sentence), number);
    case 'notice_period_days': {
      const notice = noticePeriodIn(sentence);
      return row(notice, (value) => number(value.amount), notice?.value.unit === 'months' ? 'notice_period_months' : 'notice_period_days');
    }
    case 'landlord':
    case 'tenant':
    case 'premises': {
      const value = written.trim();
      const at = value.length >= 4 ? sentence.text.toLowerCase().indexOf(value.toLowerCase()) : -1;
      if (at < 0) return undefined;
      const asWritten = sentence.text.slice(at, at + value.length);
      if (field === 'premises' ? !isAddress(asWritten) : !isPartyName(asWritten)) return undefined;
      return { field, value: { kind: 'text', text: asWritten }, source: span(sentence, at, at + value.length), derived: false };
    }
  }
}

/** "Tenant agrees to pay rent of $1,850.00." (no month named): the sentence's one amount, when it speaks of rent and nothing else. */
function onlyRentAmount(sentence: Sentence): StatedFact<{ amountCents: number; currency: string }> | undefined {
  const amounts = moneyInSentence(sentence);
  if (amounts.length !== 1 || !/\brent\b/iu.test(sentence.text) || /\b(?:deposit|fee|charge|late|pet|prorat\w*|annual|yearly|increase\w*)\b/iu.test(sentence.text)) return undefined;
  const [amount] = amounts as [(typeof amounts)[number]];
  return stated({ amountCents: amount.amountCents, currency: amount.currency }, sentence, amount.start, amount.end);
}
