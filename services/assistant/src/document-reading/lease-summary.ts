import type { DocumentFact, DocumentFactField } from '@pm/contracts';

/** What fits the vault's card: a few sentences. */
const SUMMARY_MAX_CHARS = 600;
/** Facts that say what a lease is; a summary needs two of them to say more than "a lease". */
const DEFINING: readonly DocumentFactField[] = ['landlord', 'tenant', 'premises', 'start_date', 'end_date', 'month_to_month', 'monthly_rent'];

// Calendar dates: formatted in UTC, the day the lease states whatever the server's zone.
const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/**
 * A lease's summary written by code from its facts (the parser's and those the model pointed at, each read from its
 * sentence): who, which premises, the term, the money and the notice, nothing else, and nothing computed (an end date
 * derived from the term, the notice deadline: those are facts of their own, marked computed). It cannot state what the
 * lease does not, nor garble what it does. Null when fewer than two defining facts are known.
 */
export function leaseSummary(facts: readonly DocumentFact[]): { text: string; pages: number[] } | null {
  const first = (field: DocumentFactField): DocumentFact | undefined => facts.find((fact) => fact.field === field);
  if (DEFINING.filter((field) => first(field)).length < 2) return null;
  const used: DocumentFact[] = [];
  const take = (field: DocumentFactField): DocumentFact | undefined => {
    const fact = first(field);
    if (fact) used.push(fact);
    return fact;
  };

  const landlord = take('landlord');
  const tenants = facts.filter((fact) => fact.field === 'tenant');
  used.push(...tenants);
  const premises = take('premises');
  let opening = 'Lease';
  if (landlord && tenants.length) opening += ` between ${text(landlord)} (landlord) and ${list(tenants.map(text))} (${tenants.length === 1 ? 'tenant' : 'tenants'})`;
  else if (landlord) opening += ` from ${text(landlord)} (landlord)`;
  else if (tenants.length) opening += ` to ${list(tenants.map(text))} (${tenants.length === 1 ? 'tenant' : 'tenants'})`;
  if (premises) opening += ` for ${text(premises)}`;

  const start = take('start_date');
  const end = take('end_date');
  const months = take('term_months');
  const statedEnd = end && !end.derived ? end : undefined;
  if (take('month_to_month')) opening += start ? `, month-to-month from ${date(start)}` : ', month-to-month';
  else if (start && statedEnd) opening += `, from ${date(start)} to ${date(statedEnd)}`;
  else if (start) opening += `, starting ${date(start)}${months ? ` for ${count(number(months), 'month')}` : ''}`;
  else if (statedEnd) opening += `, ending ${date(statedEnd)}`;
  const sentences = [`${opening}.`];

  const rent = take('monthly_rent');
  const due = take('rent_due_day');
  if (rent) sentences.push(`Rent is ${money(rent)} a month${due ? `, due on the ${ordinal(number(due))}` : ''}.`);
  const deposit = take('security_deposit');
  if (deposit) sentences.push(`Security deposit: ${money(deposit)}.`);
  const lateFee = take('late_fee');
  const grace = facts.find((fact) => fact.field === 'grace_period_days' && !fact.derived);
  if (lateFee) sentences.push(`Late fee: ${money(lateFee)}${grace ? `, after ${count(number(grace), 'day')} of grace` : ''}.`);
  const notice = take('notice_period_days') ?? take('notice_period_months');
  // The deadline computed from it is a key date of its own (marked computed): a summary states what the lease states.
  if (notice) sentences.push(`Notice to end or not renew it: ${count(number(notice), notice.field === 'notice_period_months' ? 'month' : 'day')}.`);

  let summary = '';
  for (const sentence of sentences) {
    if ((summary ? summary.length + 1 : 0) + sentence.length > SUMMARY_MAX_CHARS) break;
    summary = summary ? `${summary} ${sentence}` : sentence;
  }
  return { text: summary, pages: [...new Set(used.map((fact) => fact.page))].sort((a, b) => a - b) };
}

function text(fact: DocumentFact): string {
  return fact.value.kind === 'text' ? fact.value.text.replace(/\s+/g, ' ') : '';
}

function date(fact: DocumentFact): string {
  return fact.value.kind === 'date' ? dateFormat.format(new Date(`${fact.value.date}T00:00:00Z`)) : '';
}

function money(fact: DocumentFact): string {
  return fact.value.kind === 'money' ? new Intl.NumberFormat('en-US', { style: 'currency', currency: fact.value.currency }).format(fact.value.cents / 100) : '';
}

function number(fact: DocumentFact): number {
  return fact.value.kind === 'number' ? fact.value.value : 0;
}

function count(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

function list(items: readonly string[]): string {
  return items.length <= 2 ? items.join(' and ') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

function ordinal(day: number): string {
  const teen = day % 100 >= 11 && day % 100 <= 13;
  return `${day}${teen ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th'}`;
}
