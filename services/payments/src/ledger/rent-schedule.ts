import { MAX_ENTRY_CENTS, type ChargeEntry, type Cents, type Ledger } from './ledger.js';
import { addDays, dueDateIn, isPlainDate, nextPeriod, periodOf, type PlainDate } from './plain-date.js';

/** A unit's rent as the manager set it (spec: rent details, and the lease's rent_due_day, late_fee, late_fee_grace_period). */
export interface RentTerms {
  unitId: string;
  amountCents: Cents;
  /** 1–31; a month without that day is due on its last day. */
  dueDay: number;
  /** The first day rent is owed for: the first charge is the first due date on or after it. */
  startsOn: PlainDate;
  /** The last day rent is owed for (a lease's end), or null while it runs on. */
  endsOn: PlainDate | null;
  /** 0 for none. */
  lateFeeCents: Cents;
  /** Days after the due date the rent may still be paid without the late fee. */
  graceDays: number;
}

/** Why the terms cannot schedule rent, or null when they can. */
export function rentTermsProblem(terms: RentTerms): string | null {
  if (!Number.isSafeInteger(terms.amountCents) || terms.amountCents <= 0 || terms.amountCents > MAX_ENTRY_CENTS) return 'rent is a positive whole number of cents';
  if (!Number.isInteger(terms.dueDay) || terms.dueDay < 1 || terms.dueDay > 31) return 'the due day is a day of the month, 1 to 31';
  if (!isPlainDate(terms.startsOn)) return 'the start is a calendar date';
  if (terms.endsOn !== null && (!isPlainDate(terms.endsOn) || terms.endsOn < terms.startsOn)) return 'the end is a calendar date on or after the start';
  if (!Number.isSafeInteger(terms.lateFeeCents) || terms.lateFeeCents < 0 || terms.lateFeeCents > MAX_ENTRY_CENTS) return 'the late fee is a whole number of cents, 0 or more';
  if (!Number.isInteger(terms.graceDays) || terms.graceDays < 0 || terms.graceDays > 31) return 'the grace period is 0 to 31 days';
  return null;
}

/**
 * The id of a period's rent charge for a unit: creating it twice (a schedule run again, two workers at once) names the
 * same entry, which the ledger and its table keep once.
 */
export function rentChargeId(unitId: string, period: string): string {
  return `rent:${unitId}:${period}`;
}

export function lateFeeId(chargeId: string): string {
  return `late-fee:${chargeId}`;
}

/** "December 2026 rent". */
function periodName(period: string): string {
  const month = new Date(Date.UTC(Number(period.slice(0, 4)), Number(period.slice(5, 7)) - 1, 1)).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
  return `${month} ${period.slice(0, 4)}`;
}

/**
 * Every rent charge the terms make due by `today` (the location's date): one per period whose due date falls between
 * the start and the end, both included, and is not after today. Pure: the caller adds the ones its ledger lacks.
 */
export function rentChargesDue(terms: RentTerms, today: PlainDate, postedAt: string): ChargeEntry[] {
  const problem = rentTermsProblem(terms);
  if (problem) throw new RangeError(problem);
  const charges: ChargeEntry[] = [];
  const last = terms.endsOn !== null && terms.endsOn < today ? terms.endsOn : today;
  for (let period = periodOf(terms.startsOn); ; period = nextPeriod(period)) {
    const dueDate = dueDateIn(period, terms.dueDay);
    if (dueDate > last) break;
    if (dueDate < terms.startsOn) continue;
    charges.push({
      type: 'charge',
      id: rentChargeId(terms.unitId, period),
      postedAt,
      kind: 'rent',
      amountCents: terms.amountCents,
      dueDate,
      period,
      description: `${periodName(period)} rent`,
    });
  }
  return charges;
}

/**
 * The late fees the ledger owes by `today`: one for each rent charge not paid in full by the end of its grace period
 * (due date + grace days) when today is past that day, and none where the ledger already has it. The fee is due the
 * day after the grace period ends. `assessedFrom` (the day the product started keeping the unit's rent): a grace
 * period that ended before it is history the manager entered, not a deadline the product watched, so it brings no fee.
 */
export function lateFeesDue(terms: RentTerms, ledger: Ledger, today: PlainDate, postedAt: string, assessedFrom?: PlainDate): ChargeEntry[] {
  if (terms.lateFeeCents === 0) return [];
  const { debts } = ledger.debts();
  const rentCharges = new Map(ledger.entries.filter((entry): entry is ChargeEntry => entry.type === 'charge' && entry.kind === 'rent').map((entry) => [entry.id, entry]));
  return debts.flatMap((debt) => {
    const charge = rentCharges.get(debt.id);
    if (!charge) return [];
    const lastDay = addDays(charge.dueDate, terms.graceDays);
    const paidInTime = debt.paidInFullOn !== null && debt.paidInFullOn <= lastDay;
    if (today <= lastDay || paidInTime || ledger.has(lateFeeId(charge.id)) || (assessedFrom !== undefined && lastDay < assessedFrom)) return [];
    return [
      {
        type: 'charge' as const,
        id: lateFeeId(charge.id),
        postedAt,
        kind: 'late_fee' as const,
        amountCents: terms.lateFeeCents,
        dueDate: addDays(lastDay, 1),
        period: charge.period,
        description: `Late fee: ${charge.description}`,
      },
    ];
  });
}

/**
 * The first due date after `today` (the location's date) on which the terms make rent due: not before the start, and
 * null when the rent has ended by then. Recurring rent's first debit falls on it.
 */
export function nextDueDate(terms: RentTerms, today: PlainDate): PlainDate | null {
  const from = terms.startsOn > today ? addDays(terms.startsOn, -1) : today;
  let period = periodOf(from);
  let dueDate = dueDateIn(period, terms.dueDay);
  while (dueDate <= from || dueDate < terms.startsOn) {
    period = nextPeriod(period);
    dueDate = dueDateIn(period, terms.dueDay);
  }
  return terms.endsOn !== null && dueDate > terms.endsOn ? null : dueDate;
}
