import { insightLimits, TEXT_FOR_INSIGHTS_BYTES, type ExtractedFact } from '@pm/contracts';
import { extractDates, extractLeaseFacts, type Fact, type Money, type SourceSpan } from '@pm/document-reading';

/**
 * The deterministic parser's facts of a document's pages as the vault stores them: the lease facts (parties, premises,
 * start and end, rent, deposit, due day, notice period, other key dates) and every date, each with its page, sentence
 * and the value's span in the page text. Source `parser`; the model's facts come later through the assistant.
 */
export function parserFacts(pages: readonly string[]): ExtractedFact[] {
  const lease = extractLeaseFacts(pages);
  const facts: ExtractedFact[] = [];
  const add = <T>(field: string, fact: Fact<T> | undefined, value: (v: T) => ExtractedFact['value']) => {
    if (fact) facts.push(row(field, value(fact.value), fact.source, fact.derived));
  };
  const money = (m: Money) => ({ amount_cents: m.amountCents, currency: m.currency });
  add('landlord', lease.landlord, (v) => v);
  for (const tenant of lease.tenants) add('tenant', tenant, (v) => v);
  add('premises', lease.premises, (v) => v);
  add('start_date', lease.startDate, (v) => v);
  add('end_date', lease.endDate, (v) => v);
  add('monthly_rent', lease.monthlyRent, money);
  add('security_deposit', lease.securityDeposit, money);
  add('rent_due_day', lease.rentDueDay, (v) => v);
  add('notice_period_days', lease.noticePeriodDays, (v) => v);
  for (const date of lease.otherKeyDates) add('key_date', date, (v) => ({ label: v.label, date: v.date }));
  for (const found of extractDates(pages)) facts.push(row('date', found.date, found.source, false));
  return facts.slice(0, insightLimits.facts);
}

function row(field: string, value: ExtractedFact['value'], source: SourceSpan, derived: boolean): ExtractedFact {
  return {
    field,
    value,
    page: source.page,
    sentence: source.sentence.slice(0, insightLimits.sentence),
    span_start: source.start,
    span_end: source.end,
    derived,
    source: 'parser',
  };
}

/** The pages as the assistant receives them: at most TEXT_FOR_INSIGHTS_BYTES of UTF-8 in all, the rest cut. */
export function pagesForInsights(pages: readonly { page: number; text: string }[]): { pages: { page: number; text: string }[]; truncated: boolean } {
  let budget = TEXT_FOR_INSIGHTS_BYTES;
  const kept: { page: number; text: string }[] = [];
  for (const { page, text } of pages) {
    if (budget <= 0) return { pages: kept, truncated: true };
    const bytes = Buffer.byteLength(text);
    if (bytes <= budget) {
      kept.push({ page, text });
      budget -= bytes;
      continue;
    }
    // Cut on a character boundary: decoding a byte prefix drops a split last character as U+FFFD, removed here.
    kept.push({ page, text: Buffer.from(text).subarray(0, budget).toString('utf8').replace(/\uFFFD$/, '') });
    return { pages: kept, truncated: true };
  }
  return { pages: kept, truncated: false };
}
