/**
 * Rows as CSV (RFC 4180): CRLF line ends, fields quoted when they hold a comma, a quote or a line break. Text a
 * spreadsheet would run as a formula (it starts with =, +, -, @, a tab or a carriage return: a charge's description is
 * typed by a person, a return's reason comes from the bank) is written with a leading apostrophe, so opening the file
 * never runs it; amounts are written with `dollars`, plain numbers ("-150.00"), which are not text.
 */
export function csvOf(rows: readonly (readonly CsvField[])[]): string {
  return rows.map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}

/** A field: text (neutralised against formulas), or a number already written as `dollars` gives it. */
export type CsvField = string | { number: string };

/** Cents as dollars with two decimals, from integers alone (no floating point); zero is empty unless `always`. */
export function dollars(cents: number, always = false): CsvField {
  if (cents === 0 && !always) return '';
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(cents);
  return { number: `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}` };
}

function field(value: CsvField): string {
  const text = typeof value === 'string' ? (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value) : value.number;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
