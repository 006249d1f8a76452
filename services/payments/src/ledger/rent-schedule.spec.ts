import { Ledger, type LedgerEntry } from './ledger.js';
import { lateFeeId, lateFeesDue, nextDueDate, rentChargeId, rentChargesDue, rentTermsProblem, type RentTerms } from './rent-schedule.js';

const now = '2026-12-07T12:00:00.000Z';
const terms: RentTerms = { unitId: 'unit-1', amountCents: 185_000, dueDay: 31, startsOn: '2026-01-15', endsOn: null, lateFeeCents: 7_500, graceDays: 5 };

describe('the rent schedule', () => {
  it('makes one charge per period due by today, from the first due date on or after the start, on the month\'s last day where it has no 31st', () => {
    const charges = rentChargesDue(terms, '2026-04-30', now);
    expect(charges.map((charge) => [charge.id, charge.dueDate, charge.description, charge.amountCents])).toEqual([
      ['rent:unit-1:2026-01', '2026-01-31', 'January 2026 rent', 185_000],
      ['rent:unit-1:2026-02', '2026-02-28', 'February 2026 rent', 185_000],
      ['rent:unit-1:2026-03', '2026-03-31', 'March 2026 rent', 185_000],
      ['rent:unit-1:2026-04', '2026-04-30', 'April 2026 rent', 185_000],
    ]);
    // The day before April's due date, April's rent is not due yet.
    expect(rentChargesDue(terms, '2026-04-29', now).map((charge) => charge.period)).toEqual(['2026-01', '2026-02', '2026-03']);
  });

  it('starts with the next month when the start falls after that month\'s due day, and stops at the end', () => {
    const lease = { ...terms, dueDay: 1, startsOn: '2026-03-10', endsOn: '2026-06-30' };
    expect(rentChargesDue(lease, '2026-12-07', now).map((charge) => charge.dueDate)).toEqual(['2026-04-01', '2026-05-01', '2026-06-01']);
  });

  it('names a period\'s charge the same however often it is made, so the ledger keeps one', () => {
    const twice = [...rentChargesDue(terms, '2026-03-31', now), ...rentChargesDue(terms, '2026-03-31', '2026-12-08T00:00:00.000Z')];
    expect(Ledger.of(twice).entries).toHaveLength(3);
    expect(rentChargeId('unit-1', '2026-03')).toBe('rent:unit-1:2026-03');
  });

  it('charges the late fee the day after the grace period when rent was not paid in full by then, once', () => {
    const monthly = { ...terms, dueDay: 1, startsOn: '2026-01-01' };
    const entries: LedgerEntry[] = [
      ...rentChargesDue(monthly, '2026-02-01', now),
      // January paid in full within the grace period; February only in part.
      { type: 'payment', id: 'jan-pay', postedAt: now, amountCents: 185_000, method: 'check', paidOn: '2026-01-06', clearing: false },
      { type: 'payment', id: 'feb-part', postedAt: now, amountCents: 100_000, method: 'cash', paidOn: '2026-02-03', clearing: false },
    ];
    const ledger = Ledger.of(entries);
    // The last day of February's grace period: no fee yet.
    expect(lateFeesDue(monthly, ledger, '2026-02-06', now)).toEqual([]);
    const fees = lateFeesDue(monthly, ledger, '2026-02-07', now);
    expect(fees).toEqual([
      expect.objectContaining({ id: lateFeeId('rent:unit-1:2026-02'), kind: 'late_fee', amountCents: 7_500, dueDate: '2026-02-07', description: 'Late fee: February 2026 rent' }),
    ]);
    expect(lateFeesDue(monthly, Ledger.of([...entries, ...fees]), '2026-02-20', now)).toEqual([]);
  });

  it('charges no late fee for a grace period that ended before the rent was kept (history entered later)', () => {
    const monthly = { ...terms, dueDay: 1, startsOn: '2026-01-01', lateFeeCents: 7_500 };
    const ledger = Ledger.of(rentChargesDue(monthly, '2026-03-01', now));
    // Kept from 2026-02-06, the last day of February's grace period: January's (ended 2026-01-06) brings no fee.
    expect(lateFeesDue(monthly, ledger, '2026-03-20', now, '2026-02-06').map((fee) => fee.id)).toEqual([lateFeeId('rent:unit-1:2026-02'), lateFeeId('rent:unit-1:2026-03')]);
    expect(lateFeesDue(monthly, ledger, '2026-03-20', now, '2026-02-07').map((fee) => fee.id)).toEqual([lateFeeId('rent:unit-1:2026-03')]);
  });

  it('charges it when the payment that paid on time is returned afterwards', () => {
    const monthly = { ...terms, dueDay: 1, startsOn: '2026-01-01' };
    const entries: LedgerEntry[] = [
      ...rentChargesDue(monthly, '2026-01-01', now),
      { type: 'payment', id: 'ach', postedAt: now, amountCents: 185_000, method: 'ach', paidOn: '2026-01-02', clearing: true },
    ];
    expect(lateFeesDue(monthly, Ledger.of(entries), '2026-01-20', now)).toEqual([]);
    const returned: LedgerEntry = { type: 'payment_returned', id: 'ach-r', postedAt: now, paymentId: 'ach', returnedOn: '2026-01-08', reason: 'insufficient funds' };
    expect(lateFeesDue(monthly, Ledger.of([...entries, returned]), '2026-01-20', now).map((fee) => fee.id)).toEqual([lateFeeId('rent:unit-1:2026-01')]);
  });

  it('charges no late fee where the terms have none, and refuses terms it cannot schedule', () => {
    const free = { ...terms, lateFeeCents: 0 };
    expect(lateFeesDue(free, Ledger.of(rentChargesDue(free, '2026-06-30', now)), '2026-12-07', now)).toEqual([]);
    expect(rentTermsProblem({ ...terms, amountCents: 100.5 })).toBe('rent is a positive whole number of cents');
    expect(rentTermsProblem({ ...terms, dueDay: 0 })).toBe('the due day is a day of the month, 1 to 31');
    expect(rentTermsProblem({ ...terms, endsOn: '2025-12-31' })).toBe('the end is a calendar date on or after the start');
    expect(rentTermsProblem({ ...terms, graceDays: -1 })).toBe('the grace period is 0 to 31 days');
    expect(() => rentChargesDue({ ...terms, startsOn: '2026-02-30' }, '2026-12-07', now)).toThrow(RangeError);
  });
});

describe('the next due date (recurring rent starts on it)', () => {
  const terms: RentTerms = { unitId: 'u1', amountCents: 150_000, dueDay: 31, startsOn: '2026-01-01', endsOn: null, lateFeeCents: 0, graceDays: 0 };

  it('is the first due date after today, the month without the day falling to its last', () => {
    expect(nextDueDate(terms, '2027-01-15')).toBe('2027-01-31');
    expect(nextDueDate(terms, '2027-01-31')).toBe('2027-02-28');
    expect(nextDueDate({ ...terms, dueDay: 1 }, '2026-12-07')).toBe('2027-01-01');
    expect(nextDueDate({ ...terms, dueDay: 7 }, '2026-12-07')).toBe('2027-01-07');
  });

  it('waits for the rent to start, and is none once it has ended', () => {
    expect(nextDueDate({ ...terms, dueDay: 1, startsOn: '2027-03-01' }, '2026-12-07')).toBe('2027-03-01');
    expect(nextDueDate({ ...terms, dueDay: 5, startsOn: '2027-03-10' }, '2026-12-07')).toBe('2027-04-05');
    expect(nextDueDate({ ...terms, dueDay: 1, endsOn: '2026-12-31' }, '2026-12-07')).toBeNull();
  });
});
