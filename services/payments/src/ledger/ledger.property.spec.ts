import fc from 'fast-check';
import { Ledger, PAYMENT_METHODS, type LedgerEntry } from './ledger.js';
import { addDays } from './plain-date.js';

/**
 * The ledger's invariants over random histories: charges, payments (some clearing), settlements, returns and refunds
 * (some about payments that never arrive), adjustments both ways; each history also delivered shuffled with some of
 * its entries twice, as a provider's retried, reordered webhooks are.
 */
const day = fc.integer({ min: 0, max: 120 }).map((offset) => addDays('2026-01-01', offset));
const posted = fc.integer({ min: 0, max: 10_000 }).map((seconds) => new Date(Date.UTC(2026, 0, 1) + seconds * 1000).toISOString());
const cents = fc.integer({ min: 1, max: 500_000 });
/** Payments are p0–p5, and entries about payments name p0–p7: p6 and p7 never arrive. */
const paymentRef = fc.integer({ min: 0, max: 7 }).map((n) => `p${n}`);

type Draft = Omit<LedgerEntry, 'id'> & { id?: string };

const draft: fc.Arbitrary<Draft> = fc.oneof(
  fc.record({ type: fc.constant('charge' as const), postedAt: posted, kind: fc.constantFrom('rent' as const, 'late_fee' as const, 'other_fee' as const), amountCents: cents, dueDate: day, period: fc.constant(null), description: fc.constant('Charge') }),
  fc.record({ type: fc.constant('payment' as const), id: fc.integer({ min: 0, max: 5 }).map((n) => `p${n}`), postedAt: posted, amountCents: cents, method: fc.constantFrom(...PAYMENT_METHODS), paidOn: day, clearing: fc.boolean() }),
  fc.record({ type: fc.constant('payment_settled' as const), postedAt: posted, paymentId: paymentRef, settledOn: day }),
  fc.record({ type: fc.constant('payment_returned' as const), postedAt: posted, paymentId: paymentRef, returnedOn: day, reason: fc.constant('returned') }),
  fc.record({ type: fc.constant('refund' as const), postedAt: posted, paymentId: paymentRef, amountCents: cents, refundedOn: day }),
  fc.record({ type: fc.constant('adjustment' as const), postedAt: posted, amountCents: fc.integer({ min: -300_000, max: 300_000 }).filter((n) => n !== 0), effectiveOn: day, description: fc.constant('Adjustment') }),
);

/** A history of distinct entries: generated ids, except payments, whose id is kept once (the first). */
const history = fc.array(draft, { maxLength: 40 }).map((drafts) => {
  const seen = new Set<string>();
  return drafts.flatMap((entry, index) => {
    const id = entry.id ?? `e${index}`;
    if (seen.has(id)) return [];
    seen.add(id);
    // Frozen: a ledger that wrote to an entry would throw (modules run in strict mode).
    return [Object.freeze({ ...entry, id } as LedgerEntry)];
  });
});

/** The same history delivered again: some of its entries twice, all of it in a random order. */
const redelivered = (entries: LedgerEntry[]) =>
  fc.subarray(entries).chain((again) => {
    const all = [...entries, ...again];
    return fc.shuffledSubarray(all, { minLength: all.length, maxLength: all.length });
  });

function summary(ledger: Ledger) {
  return { balance: ledger.balanceCents, processing: ledger.processingCents, statement: ledger.statement(), debts: ledger.debts(), payments: [...ledger.payments.values()].sort((a, b) => a.id.localeCompare(b.id)) };
}

describe('the ledger over random histories', () => {
  it('has a balance equal to the sum of its statement and to what is owed less what is paid ahead', () => {
    fc.assert(
      fc.property(history, (entries) => {
        const ledger = Ledger.of(entries);
        const statement = ledger.statement();
        const summed = statement.reduce((sum, line) => sum + line.chargeCents - line.creditCents, 0);
        expect(ledger.balanceCents).toBe(summed);
        expect(statement.at(-1)?.balanceCents ?? 0).toBe(summed);
        const { debts, unappliedCreditCents } = ledger.debts();
        expect(ledger.balanceCents).toBe(debts.reduce((sum, debt) => sum + debt.outstandingCents, 0) - unappliedCreditCents);
        for (const debt of debts) {
          expect(debt.paidCents).toBeGreaterThanOrEqual(0);
          expect(debt.paidCents + debt.outstandingCents).toBe(debt.amountCents);
          expect(debt.paidInFullOn === null).toBe(debt.outstandingCents > 0);
        }
        // Credit is left over only when every debt is paid.
        if (unappliedCreditCents > 0) expect(debts.every((debt) => debt.outstandingCents === 0)).toBe(true);
        for (const payment of ledger.payments.values()) {
          expect(payment.refundedCents).toBeLessThanOrEqual(payment.amountCents);
          expect(payment.netCents).toBe(payment.status === 'returned' ? 0 : payment.amountCents - payment.refundedCents);
        }
      }),
      { numRuns: 300, seed: 20261207 },
    );
  });

  it('is the same ledger whatever order its entries arrive in and however often', () => {
    fc.assert(
      fc.property(history.chain((entries) => fc.tuple(fc.constant(entries), redelivered(entries))), ([entries, delivered]) => {
        expect(summary(Ledger.of(delivered))).toEqual(summary(Ledger.of(entries)));
      }),
      { numRuns: 300, seed: 20261207 },
    );
  });

  it('never changes an entry: what it holds are the entries it was given (frozen here, so a write would throw)', () => {
    fc.assert(
      fc.property(history, (entries) => {
        const ledger = Ledger.of(entries);
        ledger.statement();
        ledger.debts();
        for (const entry of ledger.entries) expect(entries).toContain(entry);
      }),
      { numRuns: 200, seed: 20261207 },
    );
  });

  it('moves the balance by exactly a new charge\'s amount', () => {
    fc.assert(
      fc.property(history, cents, day, (entries, amountCents, dueDate) => {
        const charge: LedgerEntry = { type: 'charge', id: 'new-charge', postedAt: '2026-06-01T00:00:00.000Z', kind: 'other_fee', amountCents, dueDate, period: null, description: 'Fee' };
        expect(Ledger.of([...entries, charge]).balanceCents - Ledger.of(entries).balanceCents).toBe(amountCents);
      }),
      { numRuns: 200, seed: 20261207 },
    );
  });
});
