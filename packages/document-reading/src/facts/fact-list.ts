import type { SourceSpan } from './dates.js';
import type { LeaseFacts } from './lease-facts.js';

/** A fact's value as stored and shown: text, an ISO date (with what it is, for key dates), money in cents, a count. */
export type ListedFactValue =
  | { kind: 'text'; text: string }
  | { kind: 'date'; date: string; label?: string }
  | { kind: 'money'; cents: number; currency: string }
  | { kind: 'number'; value: number };

export type LeaseFactField = 'landlord' | 'tenant' | 'premises' | 'start_date' | 'end_date' | 'monthly_rent' | 'security_deposit' | 'rent_due_day' | 'notice_period_days' | 'key_date';

/** One fact of a lease as a row: its field, value, the sentence it was read from and whether code derived it. */
export interface ListedFact {
  field: LeaseFactField;
  value: ListedFactValue;
  source: SourceSpan;
  derived: boolean;
}

/** The lease's facts as a flat list, in the order a reader expects (parties, premises, term, money, notice, key dates). */
export function listLeaseFacts(facts: LeaseFacts): ListedFact[] {
  const list: ListedFact[] = [];
  const text = (field: LeaseFactField, fact: { value: string; source: SourceSpan; derived: boolean } | undefined): void => {
    if (fact) list.push({ field, value: { kind: 'text', text: fact.value }, source: fact.source, derived: fact.derived });
  };
  const date = (field: LeaseFactField, fact: { value: string; source: SourceSpan; derived: boolean } | undefined): void => {
    if (fact) list.push({ field, value: { kind: 'date', date: fact.value }, source: fact.source, derived: fact.derived });
  };
  text('landlord', facts.landlord);
  for (const tenant of facts.tenants) text('tenant', tenant);
  text('premises', facts.premises);
  date('start_date', facts.startDate);
  date('end_date', facts.endDate);
  for (const [field, fact] of [['monthly_rent', facts.monthlyRent], ['security_deposit', facts.securityDeposit]] as const) {
    if (fact) list.push({ field, value: { kind: 'money', cents: fact.value.amountCents, currency: fact.value.currency }, source: fact.source, derived: false });
  }
  for (const [field, fact] of [['rent_due_day', facts.rentDueDay], ['notice_period_days', facts.noticePeriodDays]] as const) {
    if (fact) list.push({ field, value: { kind: 'number', value: fact.value }, source: fact.source, derived: false });
  }
  for (const keyDate of facts.otherKeyDates) list.push({ field: 'key_date', value: { kind: 'date', date: keyDate.value.date, label: keyDate.value.label }, source: keyDate.source, derived: false });
  return list;
}
