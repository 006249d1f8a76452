import { addDays, addMonths, type FoundDate } from '../dates.js';
import { COUNT, countValue } from '../numbers.js';
import type { Sentence } from '../sentences.js';
import { derived, stated, statedDate, type Fact, type StatedFact } from './fact.js';

export interface LeaseTerm {
  /** YYYY-MM-DD. */
  startDate?: StatedFact<string>;
  /** YYYY-MM-DD; derived from the start date and the term when the lease states no end date; never for a month-to-month lease. */
  endDate?: Fact<string>;
  /** The lease is a month-to-month tenancy (not a fixed term that becomes one when it runs out). */
  monthToMonth?: StatedFact<true>;
  /** The fixed term's length in months ("twelve (12) months", "one (1) year"). */
  termMonths?: StatedFact<number>;
}

const TERM_CONTEXT = /\b(?:term|lease|tenancy|rental\s+period|occup\w*|agreement|plazo|contrato|arrendamiento)\b/iu;
const START_MARKER = /\b(?:commenc\w*|begin\w*|start(?:s|ing)?|start\s+date|from|comienza|inicia|a\s+partir\s+del?|desde)\b/giu;
const STARTED = new RegExp(START_MARKER.source, 'iu');
const END_MARKER = /\b(?:end(?:s|ing)?|end\s+date|terminat\w*|expir\w*|through|thru|until|to|termina|terminar[aá]|vence|finaliza|hasta)\b/giu;
/** Markers that end a range only after a start was named ("from … to …"), never on their own. */
const RANGE_ENDS = new Set(['to', 'through', 'thru', 'until', 'hasta']);
/** A form line names its date plainly, whatever the line's other words. */
const START_LABEL = /^(?:Lease\s+|Term\s+)?(?:Start|Commencement|Beginning)\s+Date\s*:/iu;
const END_LABEL = /^(?:Lease\s+|Term\s+)?(?:End|Ending|Expiration|Termination)\s+Date\s*:/iu;

const MONTH_TO_MONTH = /\bmonth[- ]to[- ]month\b|\bmes\s+a\s+mes\b/iu;
/**
 * A month-to-month tenancy that follows a fixed term ("otherwise it continues month to month", holdover, "during any
 * month-to-month period") does not make the lease month-to-month.
 */
const AFTER_THE_TERM =
  /\b(?:after|upon|following|at|on)\s+(?:the\s+)?(?:end|expiration|expiry|termination|conclusion)\b|\b(?:lease|term|tenancy|agreement)\s+(?:ends|expires|terminates|is\s+over)\b|\bhold\s?-?over\b|\bhold(?:s|ing)?\s+over\b|\b(?:thereafter|otherwise|unless|then|becomes?|convert\w*|renew\w*|remain\w*\s+in\s+possession|any|initial)\b/iu;
/** Says the lease itself is month-to-month: its title, "this month-to-month lease", "runs from month to month", "no end date". */
const MONTH_TO_MONTH_LEASE =
  /^[^a-z]*\bMONTH[- ]TO[- ]MONTH\b[^a-z]*$|\bthis\s+month[- ]to[- ]month\s+(?:lease|agreement|tenancy|rental)\b|\b(?:runs|is|shall\s+be|will\s+be)\s+(?:on\s+)?(?:an?\s+)?(?:from\s+)?month[- ]to[- ]month\b|\bterm\s*:\s*month[- ]to[- ]month\b|\bno\s+(?:fixed\s+)?end\s+date\b/u;

const TERM_LENGTHS: readonly RegExp[] = [
  // the term of this Agreement shall be for a period of twelve (12) months · TERM: Six (6) months · plazo de doce (12) meses
  new RegExp(String.raw`\b(?:term|plazo)\b[^.;]{0,60}?\b(?:of\s+|de\s+)?(?<count>${COUNT})\s*(?<unit>months?|years?|meses|mes|años|año)\b`, 'giu'),
  // a twenty-four (24) month lease · a one-year term
  new RegExp(String.raw`\b(?<count>${COUNT})[- ](?<unit>month|year)s?\s+(?:lease|tenancy|term|rental|agreement)\b`, 'giu'),
];
/** A term that is not this lease's: a renewal's, an extension's. */
const OTHER_TERM = /\b(?:additional|renewal|renewed|renew|successive|extension|extended|option|further)\s+(?:[\p{L}-]+\s+){0,3}$/iu;

/**
 * The lease's term: start, end (stated, or derived from a term in months), month-to-month, the term's length. A lease
 * that says it is month-to-month has no end date and no term; a passing mention of month to month counts only where
 * the lease states neither an end date nor a term.
 */
export function leaseTerm(sentences: readonly Sentence[], datesOf: (sentence: Sentence) => FoundDate[]): LeaseTerm & { used: Set<FoundDate> } {
  const used = new Set<FoundDate>();
  const term: LeaseTerm = {};
  const said = monthToMonthTenancy(sentences, (text) => MONTH_TO_MONTH_LEASE.test(text));
  for (const sentence of sentences) {
    const dates = datesOf(sentence);
    const range = rangeIn(sentence, dates);
    if (!term.startDate) {
      const start = dateAfter(sentence, dates, START_MARKER, START_LABEL) ?? range?.[0];
      if (start) {
        term.startDate = statedDate(start);
        used.add(start);
      }
    }
    if (!term.endDate && !said) {
      // A range's end only with its own start: "from … to …" read whole or not at all.
      const end = dateAfter(sentence, dates, END_MARKER, END_LABEL) ?? (range && used.has(range[0]) ? range[1] : undefined);
      if (end && (!term.startDate || end.date > term.startDate.value)) {
        term.endDate = statedDate(end);
        used.add(end);
      }
    }
  }
  const length = said ? undefined : termLength(sentences);
  // A term that does not fit the stated start and end was misread (or is another term's): none rather than a wrong one.
  const termMonths = length && term.startDate && term.endDate && addDays(addMonths(term.startDate.value, length.value), -1) !== term.endDate.value ? undefined : length;
  const monthToMonth = said ?? (term.endDate || termMonths ? undefined : monthToMonthTenancy(sentences, () => true));
  if (monthToMonth) return { ...term, monthToMonth, used };
  if (termMonths) term.termMonths = termMonths;
  if (!term.endDate && term.startDate && termMonths) {
    // "for a term of twelve (12) months" from the start date: the day before the same date N months later.
    term.endDate = derived(addDays(addMonths(term.startDate.value, termMonths.value), -1), termMonths.source, [term.startDate.source]);
  }
  return { ...term, used };
}

/** The first mention of month to month that is not about after a fixed term and that `fits`. */
function monthToMonthTenancy(sentences: readonly Sentence[], fits: (text: string) => boolean): StatedFact<true> | undefined {
  for (const sentence of sentences) {
    const match = MONTH_TO_MONTH.exec(sentence.text);
    if (match && !AFTER_THE_TERM.test(sentence.text) && fits(sentence.text)) return stated(true, sentence, match.index, match.index + match[0].length);
  }
  return undefined;
}

function termLength(sentences: readonly Sentence[]): StatedFact<number> | undefined {
  for (const sentence of sentences) {
    for (const regex of TERM_LENGTHS) {
      regex.lastIndex = 0;
      const match = regex.exec(sentence.text);
      if (!match?.groups) continue;
      const n = countValue(match.groups['count']!);
      if (n === undefined || n < 1 || n > 120) continue;
      if (OTHER_TERM.test(sentence.text.slice(Math.max(0, match.index - 40), match.index + match[0].indexOf(match.groups['count']!)))) continue;
      const months = /^(?:year|año)/i.test(match.groups['unit']!) ? n * 12 : n;
      const from = match.index + match[0].indexOf(match.groups['count']!);
      return stated(months, sentence, from, match.index + match[0].length);
    }
  }
  return undefined;
}

/** The start date a sentence states, read as the parser reads it (for a sentence the model pointed at). */
export function startDateIn(sentence: Sentence, dates: readonly FoundDate[]): FoundDate | undefined {
  return dateAfter(sentence, dates, START_MARKER, START_LABEL) ?? (dates.length === 1 && STARTED.test(sentence.text) ? dates[0] : undefined);
}

/** The end date a sentence states: after an end marker, or its one date when it speaks of the end ("expires", "until"). */
export function endDateIn(sentence: Sentence, dates: readonly FoundDate[]): FoundDate | undefined {
  return dateAfter(sentence, dates, END_MARKER, END_LABEL) ?? (dates.length === 1 && /\b(?:end\w*|expir\w*|terminat\w*|until|through|last\s+day)\b/iu.test(sentence.text) && !STARTED.test(sentence.text) ? dates[0] : undefined);
}

/** "Lease Term: 06/01/2026 – 05/31/2027", "for the period of June 1, 2026 through May 31, 2027": two dates joined as a range. */
function rangeIn(sentence: Sentence, dates: readonly FoundDate[]): [FoundDate, FoundDate] | undefined {
  if (dates.length < 2 || !TERM_CONTEXT.test(sentence.text)) return undefined;
  for (let i = 0; i + 1 < dates.length; i += 1) {
    const between = sentence.text.slice(dates[i]!.source.end - sentence.start, dates[i + 1]!.source.start - sentence.start);
    if (/^\s*(?:through|thru|to|until|[-–—])\s*$/iu.test(between) && dates[i + 1]!.date > dates[i]!.date) return [dates[i]!, dates[i + 1]!];
  }
  return undefined;
}

/**
 * The first date that follows one of the markers closely (nothing but a few words between), so "commencing on
 * January 1, 2026 and ending on December 31, 2026" gives each marker its own date. A bare "to"/"through"/"until"
 * counts only after a start marker ("from … to …"). Outside a form line ("Lease Start Date: …") the sentence must be
 * about the term.
 */
function dateAfter(sentence: Sentence, dates: readonly FoundDate[], marker: RegExp, label: RegExp): FoundDate | undefined {
  if (dates.length === 0) return undefined;
  const text = sentence.text;
  if (label.test(text)) return dates[0];
  if (!TERM_CONTEXT.test(text)) return undefined;
  marker.lastIndex = 0;
  for (let match = marker.exec(text); match; match = marker.exec(text)) {
    if (RANGE_ENDS.has(match[0].toLowerCase()) && !STARTED.test(text.slice(0, match.index))) continue;
    const end = match.index + match[0].length;
    const next = dates.find((found) => found.source.start - sentence.start >= end);
    if (!next) continue;
    const between = text.slice(end, next.source.start - sentence.start);
    if (between.length <= 40 && !/;/.test(between) && !/\b(?:and|but|or|y)\b/iu.test(between)) return next;
  }
  return undefined;
}
