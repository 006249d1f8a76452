import { datesInSentence, type FoundDate } from './dates.js';
import type { Money } from './money.js';
import { splitSentences } from './sentences.js';
import { leaseClauses } from './lease/clauses.js';
import type { DerivedFact, Fact, StatedFact } from './lease/fact.js';
import { keyDates, type KeyDate } from './lease/key-dates.js';
import { noticeDeadline, noticePeriod, type NoticePeriod } from './lease/notice.js';
import { leaseParties } from './lease/parties.js';
import { leasePayments } from './lease/payments.js';
import { leasePremises } from './lease/premises.js';
import { leaseTerm } from './lease/term.js';

export type { DerivedFact, Fact, StatedFact } from './lease/fact.js';
export type { KeyDate } from './lease/key-dates.js';
export type { NoticePeriod } from './lease/notice.js';

/**
 * What a lease says, each value with the page and sentence it was read from. A field is absent when the lease does
 * not say it plainly: nothing is guessed. Dates are calendar dates as written (YYYY-MM-DD), which are the property's
 * local dates: no time of day or zone is involved, so none is converted.
 */
export interface LeaseFacts {
  landlord?: StatedFact<string>;
  /** Each tenant named, once (the opening clause's and those who sign as tenants). */
  tenants: StatedFact<string>[];
  /** The premises' address as written. */
  premises?: StatedFact<string>;
  /** The unit as written ("Apt. 4B", "Unit 12"). */
  unit?: StatedFact<string>;
  /** YYYY-MM-DD. */
  startDate?: StatedFact<string>;
  /** YYYY-MM-DD; derived from the start date and the term when the lease states no end date; never for a month-to-month lease. */
  endDate?: Fact<string>;
  /** A month-to-month tenancy (one that becomes month-to-month after a fixed term does not count). */
  monthToMonth?: StatedFact<true>;
  termMonths?: StatedFact<number>;
  monthlyRent?: StatedFact<Money>;
  /** Day of the month rent is due, 1–31. */
  rentDueDay?: StatedFact<number>;
  securityDeposit?: StatedFact<Money>;
  lateFee?: StatedFact<Money>;
  /** Days after the due day on which rent is still on time, stated or derived from "late after the 5th". */
  gracePeriodDays?: Fact<number>;
  /** The notice the tenant gives to end the tenancy or not renew it. */
  noticePeriod?: StatedFact<NoticePeriod>;
  /** The last day to give that notice: the end date minus the notice period. */
  noticeDeadline?: DerivedFact<string>;
  renewalTerms?: StatedFact<string>;
  pets?: StatedFact<string>;
  utilities?: StatedFact<string>;
  /** The lease's other dates with what each is (move-in inspection, signing date…). */
  otherKeyDates: StatedFact<KeyDate>[];
}

/**
 * Reads the key facts of a residential lease from its pages of text, deterministically: sentence splitting, US date
 * and money formats and the usual lease phrasings (English, and a Spanish lease's dates, rent and notice), each value
 * with the page, sentence and offsets it came from. This never invents a value the text does not state; the AI step
 * may only point at sentences for the fields left empty, whose values are then read by the same code.
 */
export function extractLeaseFacts(pages: readonly string[]): LeaseFacts {
  const sentences = splitSentences(pages);
  const datesBySentence = new Map(sentences.map((sentence) => [sentence, datesInSentence(sentence)]));
  const datesOf = (sentence: (typeof sentences)[number]): FoundDate[] => datesBySentence.get(sentence) ?? [];

  const { used, ...term } = leaseTerm(sentences, datesOf);
  const notice = noticePeriod(sentences);
  const deadline = noticeDeadline(term.endDate, notice);
  const isTermDate = (found: FoundDate): boolean => used.has(found) || found.date === term.startDate?.value || found.date === term.endDate?.value;
  return {
    ...leaseParties(sentences),
    ...leasePremises(sentences),
    ...term,
    ...leasePayments(sentences),
    ...(notice ? { noticePeriod: notice } : {}),
    ...(deadline ? { noticeDeadline: deadline } : {}),
    ...leaseClauses(sentences, pages),
    otherKeyDates: keyDates(sentences.map((sentence) => ({ sentence, dates: datesOf(sentence) })), isTermDate),
  };
}
