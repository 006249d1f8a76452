import { Ledger, type LedgerEntry } from './ledger.js';
import { statementCsv } from './statement-csv.js';

const at = '2026-12-01T12:00:00.000Z';
const rent = (id: string, dueDate: string, amountCents: number, description = 'Rent, December 2026'): LedgerEntry => ({
  type: 'charge',
  id,
  postedAt: at,
  kind: 'rent',
  amountCents,
  dueDate,
  period: dueDate.slice(0, 7),
  description,
});

describe('the ledger as CSV', () => {
  it('lists each statement line with its running balance, amounts in dollars from integer cents, and a payment\'s status', () => {
    const ledger = Ledger.of([
      rent('rent:2b:2026-12', '2026-12-01', 185_000),
      { type: 'payment', id: 'stripe:pi_1', postedAt: at, amountCents: 100_005, method: 'ach', paidOn: '2026-12-02', clearing: true },
      { type: 'payment', id: 'manual:1', postedAt: at, amountCents: 85_000, method: 'check', paidOn: '2026-12-03', clearing: false },
    ]);
    expect(statementCsv(ledger).split('\r\n')).toEqual([
      'Date,Description,Status,Charges,Payments,Balance',
      '2026-12-01,"Rent, December 2026",,1850.00,,1850.00',
      '2026-12-02,Payment (ach),processing,,1000.05,849.95',
      '2026-12-03,Payment (check),completed,,850.00,-0.05',
      '',
    ]);
  });

  it('quotes quotes and line breaks, and keeps a spreadsheet from running a description as a formula', () => {
    const ledger = Ledger.of([rent('fee:1', '2026-12-05', 2_500, '=HYPERLINK("http://evil.example","fee")'), rent('fee:2', '2026-12-06', 1_000, 'Keys\nreplaced "twice"')]);
    const [, formula, quoted] = statementCsv(ledger).split('\r\n');
    expect(formula).toBe(`2026-12-05,"'=HYPERLINK(""http://evil.example"",""fee"")",,25.00,,25.00`);
    expect(quoted).toBe('2026-12-06,"Keys\nreplaced ""twice""",,10.00,,35.00');
  });
});
