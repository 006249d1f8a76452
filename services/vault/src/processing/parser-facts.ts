import { DOCUMENT_FACTS_MAX, DOCUMENT_TEXT_EVENT_CHARS, type DocumentFact } from '@pm/contracts';
import { extractDates, extractLeaseFacts, listLeaseFacts, type SourceSpan } from '@pm/document-reading';

/**
 * The deterministic parser's facts of a document's pages as the vault stores them: the lease facts (parties, premises,
 * start and end, rent, deposit, due day, notice period, other key dates) and every date, each with its page, sentence
 * and the value's span in the page text. Source `parser`; the model's facts come later through the assistant.
 */
export function parserFacts(pages: readonly string[]): DocumentFact[] {
  const lease = listLeaseFacts(extractLeaseFacts(pages)).map((fact) => row(fact.field, fact.value, fact.source, fact.derived));
  const dates = extractDates(pages).map((found) => row('date', { kind: 'date', date: found.date }, found.source, false));
  return [...lease, ...dates].slice(0, DOCUMENT_FACTS_MAX);
}

function row(field: DocumentFact['field'], value: DocumentFact['value'], source: SourceSpan, derived: boolean): DocumentFact {
  return { field, value, page: source.page, sentence: source.sentence.slice(0, 2_000), span_start: source.start, span_end: source.end, derived, source: 'parser' };
}

/** The pages as the assistant receives them: at most DOCUMENT_TEXT_EVENT_CHARS of UTF-8 in all, the rest cut. */
export function pagesForInsights(pages: readonly { page: number; text: string }[]): { pages: { page: number; text: string }[]; truncated: boolean } {
  let budget = DOCUMENT_TEXT_EVENT_CHARS;
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
