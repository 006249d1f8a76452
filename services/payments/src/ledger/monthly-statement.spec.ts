import { Ledger, type LedgerEntry } from './ledger.js';
import { unitMonth } from './monthly-statement.js';

const at = '2026-12-01T12:00:00.000Z';
const rent = (period: string): LedgerEntry => ({ type: 'charge', id: `rent:${period}`, postedAt: at, kind: 'rent', amountCents: 100_000, dueDate: `${period}-01`, period, description: `${period} rent` });

describe("a unit's month on the owner's statement", () => {
  const ledger = Ledger.of([
    rent('2026-10'),
    { type: 'payment', id: 'manual:oct', postedAt: at, amountCents: 60_000, method: 'check', paidOn: '2026-10-05', clearing: false },
    rent('2026-11'),
    { type: 'payment', id: 'manual:nov', postedAt: at, amountCents: 100_000, method: 'bank_transfer', paidOn: '2026-11-02', clearing: false },
    { type: 'payment', id: 'stripe:pi_ach', postedAt: at, amountCents: 40_000, method: 'ach', paidOn: '2026-11-20', clearing: true },
    { type: 'refund', id: 'manual-refund:1', postedAt: at, paymentId: 'manual:nov', amountCents: 10_000, refundedOn: '2026-11-25' },
    { type: 'adjustment', id: 'adjustment:1', postedAt: at, amountCents: -5_000, effectiveOn: '2026-11-26', description: 'Credit for the dishwasher' },
    rent('2026-12'),
  ]);

  it('opens with what was owed before it, closes with opening + charged − credited, and says what arrived and what is clearing', () => {
    const november = unitMonth(ledger, '2026-11');
    expect(november).toMatchObject({ openingCents: 40_000, chargedCents: 110_000, creditedCents: 145_000, closingCents: 5_000, collectedCents: 90_000, processingCents: 40_000 });
    expect(november.payments.map((p) => [p.date, p.method, p.amountCents, p.status])).toEqual([
      ['2026-11-02', 'bank_transfer', 100_000, 'partially_refunded'],
      ['2026-11-20', 'ach', 40_000, 'processing'],
    ]);
    // The months chain: one closes with what the next opens with.
    expect(unitMonth(ledger, '2026-10').closingCents).toBe(november.openingCents);
    expect(unitMonth(ledger, '2026-12').openingCents).toBe(november.closingCents);
  });

  it('is all zeros for a month before the ledger', () => {
    expect(unitMonth(ledger, '2026-01')).toEqual({ openingCents: 0, chargedCents: 0, creditedCents: 0, closingCents: 0, collectedCents: 0, processingCents: 0, payments: [] });
  });
});
