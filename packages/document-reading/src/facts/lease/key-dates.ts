import type { FoundDate } from '../dates.js';
import type { Sentence } from '../sentences.js';
import { statedDate, type StatedFact } from './fact.js';

export interface KeyDate {
  /** What the date is, in words ("Notice deadline", "Move-in inspection", "Signing date"…). */
  label: string;
  /** YYYY-MM-DD. */
  date: string;
}

/**
 * What a date is, from the words just before it in its clause (and a definition right after it, "(the "Move-in
 * Date")"), never from the rest of the sentence: "signed on March 3, 2026" in a sentence that also speaks of renewal
 * is a signing date, not a renewal date. First rule that fits wins.
 */
const LABELS: readonly [RegExp, string][] = [
  [/\b(?:renew\w*|non-renewal|extend\w*)\b.*\b(?:notice|notify|notif\w*|deadline|no\s+later\s+than|on\s+or\s+before|by)\b|\b(?:notice|notify|notif\w*)\b.*\b(?:renew\w*|non-renewal|extend\w*)\b/iu, 'Renewal notice deadline'],
  [/\bmove[- ]in\s+inspection|\binspection\b.*\bmove[- ]in\b/iu, 'Move-in inspection'],
  [/\bmove[- ]out\s+inspection|\binspection\b.*\bmove[- ]out\b/iu, 'Move-out inspection'],
  [/\binspection\b/iu, 'Inspection'],
  [/\bmove[- ]in\b|\bpossession\b|\bkeys?\b/iu, 'Move-in date'],
  [/\bmove[- ]out\b|\bvacate\b|\bsurrender\b/iu, 'Move-out date'],
  [/(?:\b(?:first|initial)\s+(?:month['’]s\s+)?rent\b|\bprorat\w*|\bpro-rat\w*).*\b(?:due|payable|paid|pay)\b|\b(?:due|payable|paid|pay)\b.*(?:\b(?:first|initial)\s+(?:month['’]s\s+)?rent\b|\bprorat\w*)/iu, 'First rent payment'],
  [/\brent\b.*\b(?:increase|adjust)\w*|\b(?:increase|adjust)\w*\b.*\brent\b/iu, 'Rent change'],
  [/\brenew\w*\s+(?:on|date|effective)\b|\brenewal\s+term\s+(?:begins|commences|starts)\b/iu, 'Renewal date'],
  // "Signed on …", and a signature block's "Tenant: Maria Lopez   Date: …".
  [/\b(?:signed|executed|signature)\b|\b(?:landlords?|tenants?|lessors?|lessees?|owners?|agent|residents?|by)\b.*\bdate\s*:?\s*$/iu, 'Signing date'],
  // "made on …", "Dated: …", "Date of Lease: …".
  [/\b(?:made|entered\s+into|dated|effective|as\s+of)\b|\bdate\s+of\s+(?:this\s+)?(?:lease|agreement|contract)\b/iu, 'Agreement date'],
];

/** How far before a date its label may be, within the clause. */
const WINDOW = 70;
/** A bare "Date:" under signature lines ("By: ______", "LANDLORD   TENANT") is a signing date; at the top, the agreement's. */
const BARE_DATE = /^\s*date\s*:?\s*$/iu;
const SIGNATURE_BLOCK = /_{3,}|\bBy\s*:|\bsignature\b|\bsigned\b|^\s*(?:LANDLORD|TENANTS?|RESIDENTS?|OWNER|LESSOR|LESSEE)\b/mu;

/** The lease's other dates with what each is; a date whose words say nothing known is left out (it is still a date). */
export function keyDates(dated: readonly { sentence: Sentence; dates: readonly FoundDate[] }[], skip: (found: FoundDate) => boolean): StatedFact<KeyDate>[] {
  const found: StatedFact<KeyDate>[] = [];
  for (const [position, { sentence, dates }] of dated.entries()) {
    dates.forEach((date, index) => {
      if (skip(date)) return;
      const label = labelOf(sentence, date, dates[index - 1], dated[position - 1]?.sentence.text ?? '');
      if (!label || found.some((other) => other.value.label === label && other.value.date === date.date)) return;
      const fact = statedDate(date);
      found.push({ ...fact, value: { label, date: date.date } });
    });
  }
  return found;
}

function labelOf(sentence: Sentence, date: FoundDate, previous: FoundDate | undefined, sentenceBefore: string): string | undefined {
  const at = date.source.start - sentence.start;
  const from = Math.max(0, at - WINDOW, previous ? previous.source.end - sentence.start : 0);
  // The clause the date is in: from the last ";" or full stop of a section number before it.
  const before = sentence.text.slice(from, at).split(/;|\.\s/u).at(-1)!;
  const after = /^\s*\(\s*(?:the\s+)?["“]([^"”]{3,40})["”]\s*\)/u.exec(sentence.text.slice(date.source.end - sentence.start))?.[1] ?? '';
  const words = `${before} ${after}`;
  if (BARE_DATE.test(before)) return SIGNATURE_BLOCK.test(sentenceBefore) || SIGNATURE_BLOCK.test(sentence.text.slice(0, from)) ? 'Signing date' : 'Agreement date';
  return LABELS.find(([pattern]) => pattern.test(words))?.[1];
}
