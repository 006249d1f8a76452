import type { DocumentFact, DocumentFactValue } from '@pm/contracts';

/** How a fact's field is named on the document page. */
const FIELD_LABELS: Record<DocumentFact['field'], string> = {
  landlord: 'Landlord',
  tenant: 'Tenant',
  premises: 'Premises',
  start_date: 'Start date',
  end_date: 'End date',
  monthly_rent: 'Monthly rent',
  security_deposit: 'Security deposit',
  rent_due_day: 'Rent due day',
  notice_period_days: 'Notice period',
  key_date: 'Key date',
  unit: 'Unit',
  month_to_month: 'Term',
  term_months: 'Term',
  late_fee: 'Late fee',
  grace_period_days: 'Grace period',
  notice_period_months: 'Notice period',
  renewal_terms: 'Renewal',
  pets: 'Pets',
  utilities: 'Utilities',
  date: 'Date',
};

/** Fields whose value is a clause of the document as written: it is its own source sentence, shown once. */
export const CLAUSE_FIELDS: ReadonlySet<DocumentFact['field']> = new Set(['renewal_terms', 'pets', 'utilities']);

export function factLabel(fact: Pick<DocumentFact, 'field' | 'value'>): string {
  // A plain date may carry what it is the date of ("Move-in inspection"); that says more than "Date".
  if (fact.value.kind === 'date' && fact.value.label) return fact.value.label;
  return FIELD_LABELS[fact.field];
}

// Calendar dates: formatted in UTC so a viewer west of Greenwich does not see the day before.
const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** A fact's value as a person reads it: "January 1, 2027", "$1,850.00", "30 days", "the 1st of the month". */
export function formatFactValue(field: DocumentFact['field'], value: DocumentFactValue): string {
  switch (value.kind) {
    case 'text':
      return value.text;
    case 'date':
      return dateFormat.format(new Date(`${value.date}T00:00:00Z`));
    case 'money':
      return new Intl.NumberFormat('en-US', { style: 'currency', currency: value.currency }).format(value.cents / 100);
    case 'number':
      if (field === 'notice_period_days' || field === 'grace_period_days') return `${value.value} ${value.value === 1 ? 'day' : 'days'}`;
      if (field === 'notice_period_months' || field === 'term_months') return `${value.value} ${value.value === 1 ? 'month' : 'months'}`;
      if (field === 'rent_due_day') return `the ${ordinal(value.value)} of the month`;
      return new Intl.NumberFormat('en-US').format(value.value);
  }
}

function ordinal(day: number): string {
  const teen = day % 100 >= 11 && day % 100 <= 13;
  const suffix = teen ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th';
  return `${day}${suffix}`;
}
