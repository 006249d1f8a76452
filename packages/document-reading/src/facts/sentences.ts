/** A sentence of a page, with its character offsets in the page text. */
export interface Sentence {
  /** 1-based page number. */
  page: number;
  text: string;
  start: number;
  end: number;
}

/** Words whose trailing period does not end a sentence (lease wording is full of them). */
const ABBREVIATIONS = new Set(
  [
    'mr', 'mrs', 'ms', 'dr', 'jr', 'sr', 'st', 'ave', 'blvd', 'rd', 'ln', 'ct', 'hwy', 'pkwy', 'apt', 'no', 'nos', 'inc', 'ltd', 'co',
    'corp', 'llc', 'l.l.c', 'e.g', 'i.e', 'etc', 'vs', 'u.s', 'sec', 'approx', 'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep',
    'sept', 'oct', 'nov', 'dec', 'p.o', 'ste', 'fl', 'para', 'art', 'bldg', 'rm', 'cir', 'ter', 'mt', 'ft', 'depto', 'dpto', 'núm',
    'num', 'col', 'av', 'lic', 'sra', 'sr', 'srta',
  ],
);

/**
 * Splits each page into sentences, keeping exact offsets so a fact can point at its sentence. Ends a sentence at
 * . ! ? (followed by space and a capital, digit, quote or bracket) unless the period closes an abbreviation, an
 * initial or a section number ("1."), and at blank lines and heading lines (a short line in capitals without a
 * full stop, e.g. "RESIDENTIAL LEASE AGREEMENT") and form lines ("Monthly Rent: $1,975.00"), because text extracted from PDFs has no other paragraph marks.
 */
export function splitSentences(pages: readonly string[]): Sentence[] {
  return pages.flatMap((text, index) => splitPage(text, index + 1));
}

function splitPage(text: string, page: number): Sentence[] {
  const sentences: Sentence[] = [];
  let start = 0;
  const push = (end: number): void => {
    let s = start;
    let e = end;
    while (s < e && /\s/.test(text[s]!)) s += 1;
    while (e > s && /\s/.test(text[e - 1]!)) e -= 1;
    if (e > s) sentences.push({ page, text: text.slice(s, e), start: s, end: e });
    start = end;
  };
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (char === '\n') {
      if (/^\n[ \t]*\n/.test(text.slice(i, i + 40))) {
        push(i);
        continue;
      }
      const line = text.slice(text.lastIndexOf('\n', i - 1) + 1, i).trim();
      if (isHeading(line) || (isField(line) && !continues(line))) push(i);
      continue;
    }
    if (char !== '.' && char !== '!' && char !== '?') continue;
    let close = i + 1;
    while (close < text.length && /["'”’)\]]/.test(text[close]!)) close += 1;
    const after = text.slice(close, close + 3);
    if (close < text.length && !/^\s+["'“‘([]?[\p{Lu}\d]/u.test(after)) continue;
    if (char === '.' && !endsSentence(text, start, i)) continue;
    push(close);
  }
  push(text.length);
  return sentences;
}

/** A form line, "Monthly Rent: $1,975.00" (a label in title case): each field is its own statement. */
function isField(line: string): boolean {
  return /^[\p{Lu}][\p{L}\d()'’/-]*(?: [\p{Lu}][\p{L}\d()'’/-]*){0,5}:\s*\S/u.test(line);
}

/** A line that goes on on the next ("…, Long Beach," / "… by and"): a sentence wrapped after a label, not a form line. */
function continues(line: string): boolean {
  return /(?:[,;]|\b(?:and|or|of|the|to|a|an|in|at|by|for|with|as))$/u.test(line);
}

function isHeading(line: string): boolean {
  if (line.length === 0 || line.length > 80 || /[.;,:]$/.test(line)) return false;
  const letters = line.replace(/[^\p{L}]/gu, '');
  return letters.length >= 3 && letters === letters.toUpperCase();
}

function endsSentence(text: string, sentenceStart: number, period: number): boolean {
  const before = text.slice(sentenceStart, period);
  const word = /([\p{L}.\d]+)$/u.exec(before)?.[1] ?? '';
  if (ABBREVIATIONS.has(word.toLowerCase())) return false;
  // An initial ("John Q. Public") or a dotted abbreviation's inner period.
  if (/^\p{Lu}$/u.test(word) || /\p{L}\.\p{L}$/u.test(word)) return false;
  // A section number opening the sentence: "1." or "12.3." — the heading belongs to what follows.
  if (/^\s*(\d+(\.\d+)*|[ivxIVX]+|[A-Za-z])$/.test(before)) return false;
  // A numbered heading ("2. TERM.", "4. SECURITY DEPOSIT.", "1. Premises.", "4. Notice of Non-Renewal.") belongs to the
  // sentence it introduces.
  if (/^\s*\d+(\.\d+)*\.?\s+[\p{Lu}\s&'’-]+$/u.test(before) && before.length <= 40) return false;
  if (/^\s*\d+(\.\d+)*\.?\s+\p{Lu}[\p{L}'’-]*(?:\s+(?:\p{Lu}[\p{L}'’-]*|of|and|the|to|for|in|on))*$/u.test(before) && before.length <= 40) return false;
  return true;
}
