/** Counts and ordinals as leases write them: "sixty (60)", "60", "sixty", "twenty-four", "fifth (5th)", "5th". */

const UNITS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const TEENS = ['ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const TENS = ['twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
/** Spanish counts a lease states in words alone are few; with the figure in brackets any word will do. */
const SPANISH: Record<string, number> = { uno: 1, un: 1, una: 1, dos: 2, tres: 3, cinco: 5, diez: 10, quince: 15, veinte: 20, treinta: 30, sesenta: 60, noventa: 90 };

const WORD_VALUES = new Map<string, number>();
UNITS.forEach((word, index) => WORD_VALUES.set(word, index + 1));
TEENS.forEach((word, index) => WORD_VALUES.set(word, index + 10));
TENS.forEach((tens, t) => {
  WORD_VALUES.set(tens, (t + 2) * 10);
  UNITS.forEach((unit, u) => WORD_VALUES.set(`${tens}-${unit}`, (t + 2) * 10 + u + 1));
});
for (const [word, value] of Object.entries(SPANISH)) WORD_VALUES.set(word, value);

const ORDINAL_UNITS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth'];
const ORDINAL_TEENS = ['tenth', 'eleventh', 'twelfth', 'thirteenth', 'fourteenth', 'fifteenth', 'sixteenth', 'seventeenth', 'eighteenth', 'nineteenth'];
const ORDINAL_VALUES = new Map<string, number>();
ORDINAL_UNITS.forEach((word, index) => ORDINAL_VALUES.set(word, index + 1));
ORDINAL_TEENS.forEach((word, index) => ORDINAL_VALUES.set(word, index + 10));
ORDINAL_VALUES.set('twentieth', 20).set('thirtieth', 30);
ORDINAL_UNITS.forEach((word, index) => ORDINAL_VALUES.set(`twenty-${word}`, 21 + index));
ORDINAL_VALUES.set('thirty-first', 31);

/** Longest first, so "twenty-four" is not read as "twenty". */
const alternation = (words: Iterable<string>): string => [...words].sort((a, b) => b.length - a.length).join('|');

/**
 * A count (no capture groups, for regexes with the `u` flag): a word with the figure in brackets ("sixty (60)",
 * "forty five (45)", "sesenta (60)"), a figure, or a number word. Read it with `countValue`.
 */
export const COUNT = String.raw`(?:(?:(?:${TENS.join('|')})[- ])?\p{L}+\s*\(\d{1,3}\)|\d{1,3}(?![\d,.]\d)|(?:${alternation(WORD_VALUES.keys())})(?!\p{L}|-(?:${UNITS.join('|')})\b))`;

/** A day of the month as an ordinal (no capture groups): "5th", "fifth (5th)", "fifth", "twenty-first". */
export const ORDINAL = String.raw`(?:(?:${alternation(ORDINAL_VALUES.keys())})(?:\s*\(\d{1,2}(?:st|nd|rd|th)?\))?|\d{1,2}(?:st|nd|rd|th)\b)`;

/** The value of a COUNT match: the bracketed figure wins when both are written ("sixty (60)" is 60, whatever the word). */
export function countValue(text: string): number | undefined {
  const figure = /\((\d{1,3})\)/.exec(text)?.[1] ?? /\d{1,3}/.exec(text)?.[0];
  if (figure) return Number(figure);
  return WORD_VALUES.get(text.trim().toLowerCase().replace(/\s+/g, '-'));
}

/** The value of an ORDINAL match, 1–31, or undefined. */
export function ordinalValue(text: string): number | undefined {
  const figure = /\d{1,2}/.exec(text)?.[0];
  const value = figure ? Number(figure) : ORDINAL_VALUES.get(text.trim().toLowerCase().replace(/\s+/g, '-'));
  return value !== undefined && value >= 1 && value <= 31 ? value : undefined;
}
