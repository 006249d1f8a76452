import { ORDINAL, ordinalValue } from './numbers.js';
import { splitSentences, type Sentence } from './sentences.js';

/** Where a value was found: the page, the exact sentence, and the value's character offsets in the page text. */
export interface SourceSpan {
  /** 1-based page number. */
  page: number;
  /** The whole sentence the value was read from, exactly as on the page. */
  sentence: string;
  /** Offset of the value's first character in the page text. */
  start: number;
  /** Offset just past the value's last character in the page text. */
  end: number;
}

export interface FoundDate {
  /** ISO calendar date, YYYY-MM-DD. */
  date: string;
  /** The date as written. */
  text: string;
  source: SourceSpan;
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const MONTH = String.raw`(Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?`;
const DAY = String.raw`(\d{1,2})(?:st|nd|rd|th)?`;
const YEAR = String.raw`(\d{4})`;
const SPANISH_MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

interface DatePattern {
  regex: RegExp;
  parse: (match: RegExpExecArray) => { year: number; month: number; day: number };
}

/** US usage: numeric dates are month first. Every pattern is anchored on word boundaries so "10/1/2026" is one date. */
const PATTERNS: readonly DatePattern[] = [
  // the 1st day of January, 2026 / 1st day of January 2026 / the first day of January, 2026
  {
    regex: new RegExp(String.raw`\b(${ORDINAL}|\d{1,2})\s+day\s+of\s+${MONTH},?\s+${YEAR}\b`, 'giu'),
    parse: (m) => ({ year: Number(m[3]), month: monthNumber(m[2]!), day: ordinalValue(m[1]!) ?? Number(m[1]) }),
  },
  // January 1, 2026 / Jan. 1st, 2026 / January 1 2026
  {
    regex: new RegExp(String.raw`\b${MONTH}\s+${DAY},?\s+${YEAR}\b`, 'gi'),
    parse: (m) => ({ year: Number(m[3]), month: monthNumber(m[1]!), day: Number(m[2]) }),
  },
  // 1 January 2026
  {
    regex: new RegExp(String.raw`\b${DAY}\s+${MONTH},?\s+${YEAR}\b`, 'gi'),
    parse: (m) => ({ year: Number(m[3]), month: monthNumber(m[2]!), day: Number(m[1]) }),
  },
  // 1 de febrero de 2025 (Spanish leases)
  {
    regex: new RegExp(String.raw`\b(\d{1,2})\s+de\s+(${SPANISH_MONTHS.join('|')}|setiembre)\s+(?:de(?:l)?\s+)?${YEAR}\b`, 'gi'),
    parse: (m) => ({ year: Number(m[3]), month: m[2]!.toLowerCase() === 'setiembre' ? 9 : SPANISH_MONTHS.indexOf(m[2]!.toLowerCase()) + 1, day: Number(m[1]) }),
  },
  // 2026-01-01
  {
    regex: /\b(\d{4})-(\d{2})-(\d{2})\b/g,
    parse: (m) => ({ year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) }),
  },
  // 1/1/2026, 01/01/26, 1-1-2026, 1.1.2026 is left out (it reads as a version or an amount)
  {
    regex: /(?<![\d/$.,-])(\d{1,2})([/-])(\d{1,2})\2(\d{4}|\d{2})(?![\d/-])/g,
    parse: (m) => ({ year: fullYear(m[4]!), month: Number(m[1]), day: Number(m[3]) }),
  },
];

function monthNumber(name: string): number {
  const prefix = name.toLowerCase().replace('.', '').slice(0, 3);
  return MONTHS.findIndex((month) => month.startsWith(prefix)) + 1;
}

/** Two-digit years are this century: a lease dated "01/01/26" is 2026, never 1926. */
function fullYear(text: string): number {
  return text.length === 2 ? 2000 + Number(text) : Number(text);
}

function isoDate({ year, month, day }: { year: number; month: number; day: number }): string | undefined {
  if (year < 1900 || year > 2200 || month < 1 || month > 12 || day < 1) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return undefined;
  return date.toISOString().slice(0, 10);
}

/** Every date in one sentence, in reading order, without overlaps (a longer form wins over a shorter one inside it). */
export function datesInSentence(sentence: Sentence): FoundDate[] {
  const found: FoundDate[] = [];
  for (const { regex, parse } of PATTERNS) {
    regex.lastIndex = 0;
    for (let match = regex.exec(sentence.text); match; match = regex.exec(sentence.text)) {
      const date = isoDate(parse(match));
      const start = match.index;
      const end = start + match[0].length;
      if (!date || found.some((other) => start < other.source.end - sentence.start && end > other.source.start - sentence.start)) continue;
      found.push({ date, text: match[0], source: { page: sentence.page, sentence: sentence.text, start: sentence.start + start, end: sentence.start + end } });
    }
  }
  return found.sort((a, b) => a.source.start - b.source.start);
}

/** Every date in a document (pages of text), each with its page, sentence and offsets. */
export function extractDates(pages: readonly string[]): FoundDate[] {
  return splitSentences(pages).flatMap(datesInSentence);
}

/** Adds whole calendar months, clamping to the month's last day (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(iso: string, months: number): string {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

export function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
