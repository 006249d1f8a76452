import type { SourceSpan } from './dates.js';
import type { Money } from './money.js';
import type { Fact, LeaseFacts } from './lease-facts.js';

/** A fact's value as stored and shown: text, an ISO date (with what it is, for key dates), money in cents, a count. */
export type ListedFactValue =
  | { kind: 'text'; text: string }
  | { kind: 'date'; date: string; label?: string }
  | { kind: 'money'; cents: number; currency: string }
  | { kind: 'number'; value: number };

/** The fields of `@pm/contracts`' LEASE_FACT_FIELDS (this package does not depend on the contracts). */
export type LeaseFactField =
  | 'landlord'
  | 'tenant'
  | 'premises'
  | 'unit'
  | 'start_date'
  | 'end_date'
  | 'month_to_month'
  | 'term_months'
  | 'monthly_rent'
  | 'rent_due_day'
  | 'security_deposit'
  | 'late_fee'
  | 'grace_period_days'
  | 'notice_period_days'
  | 'notice_period_months'
  | 'renewal_terms'
  | 'pets'
  | 'utilities'
  | 'key_date';

/** One fact of a lease as a row: its field, value, the sentence it was read from and whether code derived it. */
export interface ListedFact {
  field: LeaseFactField;
  value: ListedFactValue;
  source: SourceSpan;
  derived: boolean;
}

/** What a month-to-month lease's `month_to_month` row says. */
export const MONTH_TO_MONTH_TEXT = 'Month-to-month';
/** The key date computed from the end date and the notice period. */
export const NOTICE_DEADLINE_LABEL = 'Notice deadline';

/**
 * The lease's facts as a flat list, in the order a reader expects (parties, premises, term, money, notice, clauses,
 * key dates), the notice deadline first among the key dates.
 */
export function listLeaseFacts(facts: LeaseFacts): ListedFact[] {
  const list: ListedFact[] = [];
  const add = <T>(field: LeaseFactField, fact: Fact<T> | undefined, value: (value: T) => ListedFactValue): void => {
    if (fact) list.push({ field, value: value(fact.value), source: fact.source, derived: fact.derived });
  };
  const text = (value: string): ListedFactValue => ({ kind: 'text', text: value });
  const date = (value: string): ListedFactValue => ({ kind: 'date', date: value });
  const money = (value: Money): ListedFactValue => ({ kind: 'money', cents: value.amountCents, currency: value.currency });
  const number = (value: number): ListedFactValue => ({ kind: 'number', value });

  add('landlord', facts.landlord, text);
  for (const tenant of facts.tenants) add('tenant', tenant, text);
  add('premises', facts.premises, text);
  add('unit', facts.unit, text);
  add('start_date', facts.startDate, date);
  add('end_date', facts.endDate, date);
  add('month_to_month', facts.monthToMonth, () => text(MONTH_TO_MONTH_TEXT));
  add('term_months', facts.termMonths, number);
  add('monthly_rent', facts.monthlyRent, money);
  add('rent_due_day', facts.rentDueDay, number);
  add('security_deposit', facts.securityDeposit, money);
  add('late_fee', facts.lateFee, money);
  add('grace_period_days', facts.gracePeriodDays, number);
  add(facts.noticePeriod?.value.unit === 'months' ? 'notice_period_months' : 'notice_period_days', facts.noticePeriod, (notice) => number(notice.amount));
  add('renewal_terms', facts.renewalTerms, text);
  add('pets', facts.pets, text);
  add('utilities', facts.utilities, text);
  add('key_date', facts.noticeDeadline, (deadline) => ({ kind: 'date', date: deadline, label: NOTICE_DEADLINE_LABEL }));
  for (const keyDate of facts.otherKeyDates) add('key_date', keyDate, (value) => ({ kind: 'date', date: value.date, label: value.label }));
  return list;
}
