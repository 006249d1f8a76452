import type { UnitLedger } from '@pm/contracts';
import type { GeneratedFile } from '../files/generated-files.js';
import { csvOf, dollars } from './csv.js';

export const LEDGER_CSV_HEADER = ['Date', 'Description', 'Kind', 'Method', 'Status', 'Charges', 'Payments', 'Balance'] as const;

/** A unit's ledger as a spreadsheet reads it: each line with its running balance, amounts in dollars. */
export function ledgerCsvFile(ledger: UnitLedger, unitName: string): GeneratedFile {
  const rows = [
    [...LEDGER_CSV_HEADER],
    ...ledger.lines.map((line) => [
      line.date,
      line.description,
      line.kind,
      line.method ?? '',
      line.status ?? '',
      dollars(Math.max(line.amount, 0)),
      dollars(Math.max(-line.amount, 0)),
      dollars(line.balance, true),
    ]),
  ];
  return { body: Buffer.from(csvOf(rows), 'utf8'), fileName: `ledger-${fileSafe(unitName)}.csv`, contentType: 'text/csv; charset=utf-8' };
}

/** A name as part of a file name: letters, digits and dashes. */
export function fileSafe(name: string): string {
  return name.normalize('NFKD').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'unit';
}
