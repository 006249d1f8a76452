/**
 * Money as the payments contracts carry it: integer cents (spec 001 §9: amounts from the server are in cents, shown
 * divided by 100). What is typed is read as text into cents and cents are written as text, both digit by digit, so no
 * amount ever goes through a binary fraction (0.1 + 0.2 is not 0.3; 1850.1 * 100 is 185009.99…).
 */

/** Whole dollars a typed amount may have: up to 13 digits keeps every cents value a safe integer. */
const MAX_DOLLAR_DIGITS = 13;

/**
 * The cents of a typed dollar amount: digits with an optional `$`, thousands separated by commas (every group of
 * three) or not at all, and at most two decimals ("1,850.10" → 185010, "1850.1" → 185010, "$0.07" → 7, ".5" → 50).
 * Anything else (a minus sign, a third decimal, "1,85.00", letters) is null: the form says so rather than guessing.
 */
export function parseDollarsToCents(typed: string): number | null {
  const match = /^\$?\s*((?:\d{1,3}(?:,\d{3})+)|\d*)(?:\.(\d{0,2}))?$/.exec(typed.trim());
  if (!match) return null;
  const whole = (match[1] ?? '').replaceAll(',', '');
  const fraction = match[2] ?? '';
  if (whole === '' && fraction === '') return null;
  const digits = whole.replace(/^0+(?=\d)/, '');
  if (digits.length > MAX_DOLLAR_DIGITS) return null;
  return Number(digits || '0') * 100 + Number(fraction.padEnd(2, '0'));
}

/** Cents as the amount field shows them for editing: "1850.10" (no $ and no separators), "" for none. */
export function centsToDollarText(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return '';
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Integer cents as US dollars with 2 decimals and a $ sign: 185010 → "$1,850.10", -2500 → "-$25.00", 0 → "$0.00". */
export function formatCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}$${groupThousands(String(Math.trunc(abs / 100)))}.${String(abs % 100).padStart(2, '0')}`;
}
