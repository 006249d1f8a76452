import type { Cents, Ledger } from './ledger.js';

/** The ledger's columns as a spreadsheet reads them: one line per statement line, amounts in dollars. */
export const STATEMENT_CSV_HEADER = ['Date', 'Description', 'Status', 'Charges', 'Payments', 'Balance'] as const;

/**
 * A unit's ledger as CSV (the ledger export): the statement's lines with their running balance, and each payment's
 * status (a processing ACH payment says so). RFC 4180: CRLF line ends, fields quoted when they hold a comma, a quote
 * or a line break. Text that a spreadsheet would run as a formula (it starts with =, +, -, @, a tab or a carriage
 * return: a charge's description is typed by a person, a return's reason comes from the bank) is written with a
 * leading apostrophe, so opening the file never runs it; amounts are plain numbers ("-150.00"), which are not text.
 */
export function statementCsv(ledger: Ledger): string {
  const rows: string[][] = [[...STATEMENT_CSV_HEADER]];
  for (const line of ledger.statement()) {
    const status = ledger.payments.get(line.entryId)?.status ?? '';
    rows.push([line.date, text(line.description), status, dollars(line.chargeCents), dollars(line.creditCents), dollars(line.balanceCents, true)]);
  }
  return rows.map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}

/** Cents as dollars with two decimals, from integers alone (no floating point); zero is empty unless `always`. */
function dollars(cents: Cents, always = false): string {
  if (cents === 0 && !always) return '';
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(cents);
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

function text(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function field(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}
