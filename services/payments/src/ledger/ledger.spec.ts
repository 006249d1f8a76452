import { Ledger, type ChargeEntry, type LedgerEntry, type PaymentEntry } from './ledger.js';

const posted = (n: number) => `2026-12-0${n}T12:00:00.000Z`;
const rent = (id: string, dueDate: string, amountCents = 150_000): ChargeEntry => ({
  type: 'charge', id, postedAt: posted(1), kind: 'rent', amountCents, dueDate, period: dueDate.slice(0, 7), description: `${dueDate.slice(0, 7)} rent`,
});
const payment = (id: string, paidOn: string, amountCents: number, method: PaymentEntry['method'] = 'check', clearing = false): PaymentEntry => ({
  type: 'payment', id, postedAt: posted(2), amountCents, method, paidOn, clearing,
});

describe('a unit\'s ledger', () => {
  it('takes partial payments, oldest charge first, and derives the balance from the entries', () => {
    const ledger = Ledger.of([rent('jan', '2026-01-01'), rent('feb', '2026-02-01'), payment('p1', '2026-01-03', 100_000), payment('p2', '2026-01-20', 80_000)]);

    expect(ledger.balanceCents).toBe(120_000);
    expect(ledger.debts().debts).toEqual([
      { id: 'jan', dueDate: '2026-01-01', amountCents: 150_000, paidCents: 150_000, outstandingCents: 0, paidInFullOn: '2026-01-20' },
      { id: 'feb', dueDate: '2026-02-01', amountCents: 150_000, paidCents: 30_000, outstandingCents: 120_000, paidInFullOn: null },
    ]);
    expect(ledger.statement().map((line) => [line.entryId, line.balanceCents])).toEqual([
      ['jan', 150_000],
      ['p1', 50_000],
      ['p2', -30_000],
      ['feb', 120_000],
    ]);
  });

  it('shows an ACH payment as processing until it settles, counted in the balance meanwhile', () => {
    const entries: LedgerEntry[] = [rent('jan', '2026-01-01'), payment('ach', '2026-01-02', 150_000, 'ach', true)];
    const processing = Ledger.of(entries);
    expect(processing.payments.get('ach')?.status).toBe('processing');
    expect(processing.processingCents).toBe(150_000);
    expect(processing.balanceCents).toBe(0);

    const settled = Ledger.of([...entries, { type: 'payment_settled', id: 'ach-settled', postedAt: posted(4), paymentId: 'ach', settledOn: '2026-01-06' }]);
    expect(settled.payments.get('ach')?.status).toBe('completed');
    expect(settled.processingCents).toBe(0);
    expect(settled.balanceCents).toBe(0);
  });

  it('reverses a returned payment whole, so the charge it paid is owed again', () => {
    const ledger = Ledger.of([
      rent('jan', '2026-01-01'),
      payment('ach', '2026-01-02', 150_000, 'ach', true),
      { type: 'payment_returned', id: 'ach-returned', postedAt: posted(5), paymentId: 'ach', returnedOn: '2026-01-07', reason: 'insufficient funds' },
    ]);
    expect(ledger.payments.get('ach')).toMatchObject({ status: 'returned', netCents: 0 });
    expect(ledger.balanceCents).toBe(150_000);
    expect(ledger.debts().debts[0]).toMatchObject({ paidCents: 0, outstandingCents: 150_000, paidInFullOn: null });
    expect(ledger.statement().at(-1)).toMatchObject({ description: 'Payment returned: insufficient funds', chargeCents: 150_000, balanceCents: 150_000 });
  });

  it('reverses a payment once however many returns of it arrive', () => {
    const returned = (id: string, returnedOn: string): LedgerEntry => ({ type: 'payment_returned', id, postedAt: posted(5), paymentId: 'card', returnedOn, reason: 'disputed' });
    const ledger = Ledger.of([rent('jan', '2026-01-01'), payment('card', '2026-01-02', 150_000, 'card'), returned('dispute-lost', '2026-01-20'), returned('funds-withdrawn', '2026-01-18')]);
    expect(ledger.balanceCents).toBe(150_000);
    expect(ledger.statement().filter((line) => line.chargeCents > 0).map((line) => line.entryId)).toEqual(['jan', 'funds-withdrawn']);
  });

  it('refunds at most what a payment has left, and an overpayment stays as a credit', () => {
    const ledger = Ledger.of([
      rent('jan', '2026-01-01'),
      payment('p', '2026-01-01', 200_000, 'card'),
      { type: 'refund', id: 'r1', postedAt: posted(3), paymentId: 'p', amountCents: 30_000, refundedOn: '2026-01-05' },
      { type: 'refund', id: 'r2', postedAt: posted(4), paymentId: 'p', amountCents: 500_000, refundedOn: '2026-01-06' },
    ]);
    expect(ledger.payments.get('p')).toMatchObject({ status: 'refunded', refundedCents: 200_000, netCents: 0 });
    expect(ledger.balanceCents).toBe(150_000);

    const overpaid = Ledger.of([rent('jan', '2026-01-01'), payment('p', '2026-01-01', 200_000, 'card')]);
    expect(overpaid.balanceCents).toBe(-50_000);
    expect(overpaid.debts().unappliedCreditCents).toBe(50_000);
  });

  it('keeps an entry about a payment it does not have waiting, counted nowhere, until the payment arrives', () => {
    const settledFirst: LedgerEntry = { type: 'payment_returned', id: 'ret', postedAt: posted(1), paymentId: 'late', returnedOn: '2026-01-09', reason: 'account closed' };
    const without = Ledger.of([rent('jan', '2026-01-01'), settledFirst]);
    expect(without.waiting.map((entry) => entry.id)).toEqual(['ret']);
    expect(without.balanceCents).toBe(150_000);

    const withIt = Ledger.of([rent('jan', '2026-01-01'), settledFirst, payment('late', '2026-01-02', 150_000, 'ach', true)]);
    expect(withIt.waiting).toEqual([]);
    expect(withIt.payments.get('late')?.status).toBe('returned');
    expect(withIt.balanceCents).toBe(150_000);
  });

  it('counts an entry delivered twice once, the first recorded', () => {
    const first = payment('p', '2026-01-02', 50_000);
    const again = { ...first, postedAt: posted(9), amountCents: 99_999 };
    const ledger = Ledger.of([again, rent('jan', '2026-01-01'), first]);
    expect(ledger.entries.filter((entry) => entry.id === 'p')).toEqual([first]);
    expect(ledger.balanceCents).toBe(100_000);
  });

  it('refuses amounts that are not whole positive cents', () => {
    expect(() => Ledger.of([rent('jan', '2026-01-01', 0)])).toThrow(RangeError);
    expect(() => Ledger.of([payment('p', '2026-01-01', 10.5)])).toThrow(RangeError);
    expect(() => Ledger.of([payment('p', '2026-01-01', -100)])).toThrow(RangeError);
    expect(() => Ledger.of([{ type: 'adjustment', id: 'a', postedAt: posted(1), amountCents: 0, effectiveOn: '2026-01-01', description: 'nothing' }])).toThrow(RangeError);
    expect(() => Ledger.of([payment('p', '2026-01-01', Number.MAX_SAFE_INTEGER)])).toThrow(RangeError);
  });
});
