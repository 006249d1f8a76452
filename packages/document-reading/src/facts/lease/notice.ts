import { addDays, addMonths } from '../dates.js';
import { COUNT, countValue } from '../numbers.js';
import type { Sentence } from '../sentences.js';
import { derived, sourcesOf, stated, type DerivedFact, type Fact, type StatedFact } from './fact.js';

export interface NoticePeriod {
  amount: number;
  unit: 'days' | 'months';
}

const UNIT = String.raw`(?<unit>days?|months?|d[ií]as|meses)`;
const NOTICE_PATTERNS: readonly RegExp[] = [
  // sixty (60) days' written notice · one (1) month's written notice · 45 days' prior written notice
  new RegExp(String.raw`\b(?<count>${COUNT})[\s-]*(?:full\s+)?(?:calendar[\s-]+)?${UNIT}['’]?s?['’]?\s+(?:(?:prior|advance)\s+)?(?:written\s+)?(?:notice|notification)\b`, 'giu'),
  // written notice of at least thirty (30) days · notify Landlord in writing no later than two (2) months before
  new RegExp(
    String.raw`\b(?:notice|notify|notification)\b(?:[^.;]|\.(?=\d)){0,80}?\b(?:at\s+least|not\s+less\s+than|no\s+less\s+than|no\s+later\s+than|a\s+minimum\s+of|minimum(?:\s+of)?)\s+(?<count>${COUNT})\s*(?:calendar\s+)?${UNIT}`,
    'giu',
  ),
  // Notice to vacate: 45 days before the end of the lease · notify Landlord 30 days before moving out
  new RegExp(String.raw`\b(?:notice|notify)\b(?:[^.;]|\.(?=\d)){0,60}?\b(?<count>${COUNT})\s*(?:full\s+)?(?:calendar\s+)?${UNIT}\s+(?:before|prior\s+to|in\s+advance)`, 'giu'),
  // Notice of Non-Renewal: 30 days (a form's line)
  new RegExp(String.raw`\bnotice\b[^.;:]{0,40}:\s*(?<count>${COUNT})\s*(?:calendar\s+)?${UNIT}\b`, 'giu'),
  // aviso por escrito con sesenta (60) días de anticipación
  new RegExp(String.raw`\b(?<count>${COUNT})\s*${UNIT}\s+de\s+(?:anticipaci[oó]n|antelaci[oó]n)`, 'giu'),
];
/** Notice to end or not renew the tenancy, not notice of entry or of a rent change. */
const ENDING_CONTEXT =
  /\b(?:terminat\w*|vacat\w*|renew\w*|non-renewal|expir\w*|move\s+out|moving\s+out|intent\w*|leave|end\s+(?:the|this)\s+(?:lease|tenancy|agreement)|end\s+of\s+(?:the\s+|this\s+)?(?:\w+\s+)?(?:lease|term|tenancy|agreement)|end\s+date|last\s+day\s+of\s+the\s+term|terminaci[oó]n|renovar|desocupar|vencimiento)\b/iu;
/** Who gives the notice: the deadline a tenant needs is the tenant's (or either party's), never only the landlord's. */
const GIVER =
  /\b(?<who>Landlords?|Lessors?|Owners?|Management|Tenants?|Lessees?|Residents?|either\s+party|each\s+party|both\s+parties|arrendador|arrendatario)\s+(?:shall|must|will|may|agrees\s+to|is\s+required\s+to|deber[aá]|debe)\s+(?:\w+\s+){0,2}(?:give|provide|deliver|send|serve|notify|dar|notificar|terminate|end)\b/iu;
const LANDLORD = /^(?:Landlords?|Lessors?|Owners?|Management|arrendador)$/iu;

/**
 * The notice the tenant must give to end the tenancy or not renew it, in days or calendar months as written, from the
 * first sentence that states it with an ending ("before the end of the term", "of non-renewal", "to vacate").
 */
export function noticePeriod(sentences: readonly Sentence[]): StatedFact<NoticePeriod> | undefined {
  for (const sentence of sentences) {
    if (!ENDING_CONTEXT.test(sentence.text)) continue;
    const found = noticePeriodIn(sentence);
    if (found) return found;
  }
  return undefined;
}

/** A notice period a sentence states, when the tenant (or either party) gives it. */
export function noticePeriodIn(sentence: Sentence): StatedFact<NoticePeriod> | undefined {
  const text = sentence.text;
  const giver = GIVER.exec(text)?.groups?.['who'];
  if (giver && LANDLORD.test(giver)) return undefined;
  // The earliest statement in the sentence: "notice of non-renewal at least sixty (60) days before the end", not a
  // later "Landlord may adjust the rent on thirty (30) days' notice".
  const matches = NOTICE_PATTERNS.flatMap((regex) => [...text.matchAll(regex)]).sort((a, b) => a.index - b.index);
  for (const match of matches) {
    const written = match.groups!['count']!;
    const amount = countValue(written);
    const unit = /^(?:month|mes)/iu.test(match.groups!['unit']!) ? 'months' : 'days';
    if (amount === undefined || amount < 1 || amount > (unit === 'days' ? 365 : 12)) continue;
    const from = match.index + match[0].indexOf(written);
    const to = match.index + match[0].indexOf(match.groups!['unit']!, match[0].indexOf(written) + written.length) + match.groups!['unit']!.length;
    return stated({ amount, unit }, sentence, from, to);
  }
  return undefined;
}

/**
 * The last day the tenant can give notice: the end date minus the notice period, in calendar days, or in calendar
 * months landing on the same day of the month (clamped to a shorter month's last day: two months before April 30 is
 * February 28). Computed, never read; absent without both an end date and a notice period.
 */
export function noticeDeadline(endDate: Fact<string> | undefined, notice: StatedFact<NoticePeriod> | undefined): DerivedFact<string> | undefined {
  if (!endDate || !notice) return undefined;
  return derived(deadlineBefore(endDate.value, notice.value), notice.source, sourcesOf(endDate));
}

/** `end` (YYYY-MM-DD) minus the notice period in calendar days or months, clamped to a shorter month's last day. */
export function deadlineBefore(end: string, { amount, unit }: NoticePeriod): string {
  return unit === 'days' ? addDays(end, -amount) : addMonths(end, -amount);
}
