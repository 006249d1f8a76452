import { HumanMessage, SystemMessage, type BaseMessage } from '@langchain/core/messages';
import { Logger } from '@nestjs/common';
import { AiUnavailableError, type QueuePriority } from '@pm/ai';
import { DOCUMENT_CATEGORIES, LEASE_CATEGORY_ID, type DocumentFact, type DocumentFactField } from '@pm/contracts';
import { datesInSentence, moneyInSentence, splitSentences, type Sentence } from '@pm/document-reading/facts';
import { z } from 'zod';
import type { DraftingModel } from '../drafting/reply-drafter.js';
import { findUnsupportedClaims } from '../drafting/guards/grounding-check.js';
import { foldText } from '@pm/tenant-triage';

/** How urgent a reading is on the model's queue: never as urgent as a person waiting for an answer. */
export type ReadingPriority = Exclude<QueuePriority, 'interactive'>;
interface ReadingCall {
  priority: ReadingPriority;
  signal?: AbortSignal;
}

/** A document's text as the vault sent it. */
export interface DocumentToRead {
  fileName: string;
  pages: readonly { page: number; text: string }[];
  chosenCategoryId: number | null;
  suggestedCategoryId: number | null;
  /** The deterministic parser's facts: the model is asked only for fields they lack. */
  facts: readonly DocumentFact[];
}

export interface DocumentInsights {
  /** From the fixed list; null when a person chose the category (it is kept) or nothing could be decided. */
  categoryId: number | null;
  summary: string | null;
  summaryPages: number[];
  /** The facts the model found that the parser had not (each re-read by code from its sentence). */
  facts: DocumentFact[];
  outcome: 'model' | 'fallback';
  note: string | null;
}

/** What fits the local model's 4,096-token context with its instructions and answer. */
const CATEGORY_EXCERPT_CHARS = 2_500;
const SUMMARY_EXCERPT_CHARS = 4_500;
const CANDIDATE_SENTENCES = 24;
const SUMMARY_MAX_CHARS = 600;

/** The lease fields a model may point at, and words that make a sentence a candidate for each. */
const FIELD_CUES: Partial<Record<DocumentFactField, RegExp>> = {
  landlord: /\b(landlord|lessor|owner|management)\b/i,
  tenant: /\b(tenants?|lessees?|residents?)\b/i,
  premises: /\b(premises|property|unit|apartment|address|located at)\b/i,
  start_date: /\b(begin|begins|commenc\w*|start\w*|effective|from)\b/i,
  end_date: /\b(end|ends|ending|expir\w*|terminat\w*|until|through)\b/i,
  monthly_rent: /\b(rent|monthly|per month)\b/i,
  security_deposit: /\b(deposit|security)\b/i,
  rent_due_day: /\b(due|payable|on or before)\b/i,
  notice_period_days: /\b(notice)\b/i,
};
const FIELD_NAMES: Partial<Record<DocumentFactField, string>> = {
  landlord: 'the landlord (a person or company name)',
  tenant: 'the tenant (a person name)',
  premises: 'the premises (the rented address or unit)',
  start_date: 'the date the lease term starts',
  end_date: 'the date the lease term ends',
  monthly_rent: 'the monthly rent amount',
  security_deposit: 'the security deposit amount',
  rent_due_day: 'the day of the month rent is due',
  notice_period_days: 'the notice period to end or not renew the lease',
};

/** Fields whose value is a name or an address as written (the others are read by code from the sentence). */
const TEXT_FIELDS = new Set<DocumentFactField>(['landlord', 'tenant', 'premises']);

const CATEGORY_IDS = DOCUMENT_CATEGORIES.map((category) => String(category.id)) as [string, ...string[]];

/**
 * Reads a document for the vault with the small local model, and never lets it state what the document does not say:
 * the category is one of the product's fixed list (the grammar allows no other) and must come with a phrase the
 * document contains; the summary's every number, date, price and name must be on the document's pages (sentences
 * that fail are dropped, and with none left the summary is the document's own opening sentences); a lease's facts the
 * parser missed are found by the model as the number of a sentence (again only numbers it was given), and their value
 * is then read from that sentence by code. Without a model the keyword guess and the document's own sentences stand.
 */
export class DocumentReader {
  private readonly logger = new Logger('DocumentReader');

  constructor(private readonly model: DraftingModel) {}

  /**
   * `signal`: the caller stopped waiting (its timeout): the model's remaining work for this document is dropped.
   * `priority`: `attended` for a document a person uploaded and watches, `background` for one that came on its own;
   * either way a tenant's draft goes first (see the local model's queue).
   */
  async read(document: DocumentToRead, signal?: AbortSignal, priority: ReadingPriority = 'background'): Promise<DocumentInsights> {
    const call: ReadingCall = { priority, ...(signal === undefined ? {} : { signal }) };
    const pages = document.pages.filter((page) => page.text.trim() !== '');
    if (pages.length === 0) {
      return { categoryId: document.chosenCategoryId === null ? document.suggestedCategoryId : null, summary: null, summaryPages: [], facts: [], outcome: 'fallback', note: 'The document has no readable text.' };
    }
    const { chat } = this.model.status();
    if (!chat.available) return this.fallback(document, chat.message ?? 'The AI is not available.', pages);
    try {
      const notes: string[] = [];
      const unusable = 'The AI could not give a usable answer';
      // Each step stands alone: a model that fails one (an answer off its grammar, a runtime error) loses that step only.
      const category =
        document.chosenCategoryId !== null
          ? { id: null, note: null }
          : await this.step(document, () => this.category(document, pages, call), { id: null, note: `${unusable} for the category; the keyword guess is used.` });
      if (category.note) notes.push(category.note);
      const summary = await this.step(document, () => this.summary(document, pages, call), { ...openingSentences(pages), note: `${unusable} for the summary; the document's own opening is shown.` });
      if (summary.note) notes.push(summary.note);
      const isLease = (document.chosenCategoryId ?? category.id ?? document.suggestedCategoryId) === LEASE_CATEGORY_ID;
      const facts = isLease ? await this.step(document, () => this.missingFacts(document, pages, call), []) : [];
      const usedModel = category.note === null || summary.note === null;
      return {
        categoryId: document.chosenCategoryId !== null ? null : (category.id ?? document.suggestedCategoryId),
        summary: summary.text,
        summaryPages: summary.pages,
        facts,
        outcome: usedModel ? 'model' : 'fallback',
        note: notes.length ? notes.join(' ').slice(0, 500) : null,
      };
    } catch (error) {
      // Unavailable (missing, unverified, failed to load): nothing the model said is kept.
      if (error instanceof AiUnavailableError) return this.fallback(document, error.message, pages);
      throw error;
    }
  }

  /** One step of the reading; when the model fails it, `otherwise` (and the reason is logged). */
  private async step<T>(document: DocumentToRead, work: () => Promise<T>, otherwise: T): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof UnreadableAnswerError)) throw error;
      this.logger.warn({ err: error.cause, fileName: document.fileName }, 'the model failed a step of reading a document');
      return otherwise;
    }
  }

  /**
   * A structured question. A model that cannot answer (unavailable) or fails while answering (an answer off its
   * grammar, a remote model's bad JSON or error, a crash of the local runtime) is one to fall back from: the document
   * still gets its keyword category and its own opening, never a stuck pipeline.
   */
  private async ask<Schema extends z.ZodType<Record<string, unknown>>>(messages: BaseMessage[], schema: Schema, call: ReadingCall): Promise<z.infer<Schema>> {
    try {
      return await this.model.invokeStructured(messages, schema, call);
    } catch (error) {
      if (error instanceof AiUnavailableError) throw error;
      throw new UnreadableAnswerError(error);
    }
  }

  /** What the vault gets without the model's reading: the keyword category and the document's own opening. */
  fallback(document: DocumentToRead, why: string, pages: DocumentToRead['pages'] = document.pages.filter((page) => page.text.trim() !== '')): DocumentInsights {
    const summary = openingSentences(pages);
    return {
      categoryId: document.chosenCategoryId === null ? document.suggestedCategoryId : null,
      summary: summary.text,
      summaryPages: summary.pages,
      facts: [],
      outcome: 'fallback',
      note: why.slice(0, 500),
    };
  }

  /** The category the model picks, kept only when the phrase it quotes is in the document. */
  private async category(document: DocumentToRead, pages: DocumentToRead['pages'], call: ReadingCall): Promise<{ id: number | null; note: string | null }> {
    const schema = z.object({ categoryId: z.enum(CATEGORY_IDS), phrase: z.string().max(200) });
    const list = DOCUMENT_CATEGORIES.map((category) => `${category.id}: ${category.name}`).join('\n');
    const answer = await this.ask(
      [
        new SystemMessage(
          `You file documents of a property manager into exactly one of these categories:\n${list}\n` +
            'Answer the category id that fits best, and copy a short phrase (3 to 12 words) from the document that shows it. Use 1 (Other) when none fits.',
        ),
        new HumanMessage(`File name: ${document.fileName}\n\n${excerpt(pages, CATEGORY_EXCERPT_CHARS)}`),
      ],
      schema,
      call,
    );
    const id = Number(answer.categoryId);
    const phrase = foldText(answer.phrase);
    const words = phrase.trim().split(' ').filter(Boolean).length;
    if (words < 2 || !foldText(pages.map((page) => page.text).join('\n')).includes(phrase)) {
      return { id: null, note: 'The AI could not show where the document says its category; the keyword guess is used.' };
    }
    return { id, note: null };
  }

  /** The model's summary, sentence by sentence, each kept only when the document states every fact it names. */
  private async summary(document: DocumentToRead, pages: DocumentToRead['pages'], call: ReadingCall): Promise<{ text: string | null; pages: number[]; note: string | null }> {
    const pageNumbers = pages.map((page) => String(page.page)) as [string, ...string[]];
    const schema = z.object({ sentences: z.array(z.object({ text: z.string().max(300), page: z.enum(pageNumbers) })).min(1).max(3) });
    const answer = await this.ask(
      [
        new SystemMessage(
          'Summarise this document for a property manager in at most 3 short sentences: what it is, who and which property it concerns, ' +
            'and its key dates and amounts. Use only what the pages say; never add anything. For each sentence give the page it comes from.',
        ),
        new HumanMessage(`File name: ${document.fileName}\n\n${excerpt(pages, SUMMARY_EXCERPT_CHARS)}`),
      ],
      schema,
      call,
    );
    const sources = pages.map((page) => page.text);
    const kept = answer.sentences.filter((sentence) => sentence.text.trim() !== '' && findUnsupportedClaims({ reply: sentence.text, sources }).length === 0);
    if (kept.length === 0) {
      const opening = openingSentences(pages);
      return { ...opening, note: 'The AI summary named facts the document does not state; the document\'s own opening is shown instead.' };
    }
    const text = kept.map((sentence) => sentence.text.trim().replace(/([^.!?])$/, '$1.')).join(' ').slice(0, SUMMARY_MAX_CHARS);
    return { text, pages: [...new Set(kept.map((sentence) => Number(sentence.page)))].sort((a, b) => a - b), note: null };
  }

  /** Lease fields the parser did not find: the model points at a sentence, code reads the value from it. */
  private async missingFacts(document: DocumentToRead, pages: DocumentToRead['pages'], call: ReadingCall): Promise<DocumentFact[]> {
    const found = new Set(document.facts.map((fact) => fact.field));
    const missing = (Object.keys(FIELD_NAMES) as DocumentFactField[]).filter((field) => !found.has(field));
    if (missing.length === 0) return [];
    const texts = pageTexts(pages);
    const candidates = splitSentences(texts)
      .filter((sentence) => missing.some((field) => FIELD_CUES[field]?.test(sentence.text)))
      .slice(0, CANDIDATE_SENTENCES);
    if (candidates.length === 0) return [];
    // Each numbered sentence is labelled with the facts it states (or "other"): a small model classifies a sentence it
    // reads far better than it searches a list for a field, and the grammar allows only the fields asked for.
    const labels = z.array(z.enum(['other', ...missing] as [string, ...string[]])).min(1).max(3);
    const named = missing.filter((field) => TEXT_FIELDS.has(field));
    const schema = z.object({
      ...Object.fromEntries(candidates.map((_sentence, index) => [`sentence_${index + 1}`, labels])),
      ...Object.fromEntries(named.map((field) => [`${field}_as_written`, z.string().max(120)])),
    });
    const answer = (await this.ask(
      [
        new SystemMessage(
          'You read the numbered sentences of a lease. Label each sentence with the facts it states, from this list, or "other" when it states none of them: ' +
            `${missing.map((field) => `${field} = ${FIELD_NAMES[field]}`).join('; ')}.` +
            (named.length ? ` Also copy ${named.map((f) => `the ${f}`).join(', ')} exactly as written (${named.map((f) => `${f}_as_written`).join(', ')}), or leave it empty.` : ''),
        ),
        new HumanMessage(candidates.map((sentence, index) => `sentence_${index + 1}: ${sentence.text}`).join('\n')),
      ],
      schema,
      call,
    )) as Record<string, string[] | string>;
    const facts: DocumentFact[] = [];
    candidates.forEach((sentence, index) => {
      const said = answer[`sentence_${index + 1}`];
      for (const field of Array.isArray(said) ? said : []) {
        if (field === 'other' || facts.some((fact) => fact.field === field)) continue;
        const fact = readFactFrom(field as DocumentFactField, sentence, String(answer[`${field}_as_written`] ?? ''));
        if (fact) facts.push(fact);
      }
    });
    return facts;
  }
}

/** The pages' texts by page number (page n at index n-1; pages the event left out are empty). */
function pageTexts(pages: DocumentToRead['pages']): string[] {
  const texts: string[] = [];
  for (const page of pages) texts[page.page - 1] = page.text;
  return Array.from(texts, (text) => text ?? '');
}

function excerpt(pages: DocumentToRead['pages'], maxChars: number): string {
  let left = maxChars;
  const parts: string[] = [];
  for (const page of pages) {
    if (left <= 0) break;
    const text = page.text.replace(/\s+/g, ' ').trim().slice(0, left);
    parts.push(`[Page ${page.page}] ${text}`);
    left -= text.length;
  }
  return parts.join('\n');
}

/** The document's own first sentences (at most two, with some words each): a summary that cannot say anything false. */
export function openingSentences(pages: DocumentToRead['pages']): { text: string | null; pages: number[] } {
  const sentences = splitSentences(pageTexts(pages)).filter((sentence) => sentence.text.split(/\s+/).length >= 6).slice(0, 2);
  if (sentences.length === 0) return { text: null, pages: [] };
  return { text: sentences.map((sentence) => sentence.text.replace(/\s+/g, ' ').trim()).join(' ').slice(0, SUMMARY_MAX_CHARS), pages: [...new Set(sentences.map((s) => s.page))] };
}

/** Reads a field's value from the sentence the model pointed at, by code; undefined when the sentence does not state one. */
export function readFactFrom(field: DocumentFactField, sentence: Sentence, modelValue: string): DocumentFact | undefined {
  const at = (start: number, end: number, value: DocumentFact['value']): DocumentFact => ({
    field,
    value,
    page: sentence.page,
    sentence: sentence.text,
    span_start: sentence.start + start,
    span_end: sentence.start + end,
    derived: false,
    source: 'model',
  });
  switch (field) {
    case 'start_date':
    case 'end_date': {
      const dates = datesInSentence(sentence);
      // "begins on A and ends on B": the first date is the start, the last the end.
      const date = field === 'start_date' ? dates[0] : dates.at(-1);
      return date ? { ...at(0, 0, { kind: 'date', date: date.date }), span_start: date.source.start, span_end: date.source.end } : undefined;
    }
    case 'monthly_rent':
    case 'security_deposit': {
      // "rent of $1,850 and a deposit of $1,850": the amount after the field's own word.
      const cue = (field === 'monthly_rent' ? /\brent\b/i : /\bdeposit\b/i).exec(sentence.text);
      const amounts = moneyInSentence(sentence);
      const money = amounts.find((amount) => cue !== null && amount.start >= cue.index) ?? amounts[0];
      return money ? at(money.start, money.end, { kind: 'money', cents: money.amountCents, currency: money.currency }) : undefined;
    }
    case 'rent_due_day': {
      const match = /\b([1-9]|[12]\d|3[01])(?:st|nd|rd|th)\b/i.exec(sentence.text);
      return match ? at(match.index, match.index + match[0].length, { kind: 'number', value: Number(match[1]) }) : undefined;
    }
    case 'notice_period_days': {
      const match = /\b(\d{1,3})\s*(?:\(\d{1,3}\)\s*)?(days?|months?)\b/i.exec(sentence.text) ?? /\((\d{1,3})\)\s*(days?|months?)\b/i.exec(sentence.text);
      if (!match) return undefined;
      // A month counts as 30 days, as everywhere in the product.
      const days = Number(match[1]) * (match[2]!.toLowerCase().startsWith('month') ? 30 : 1);
      return days > 0 && days <= 365 ? at(match.index, match.index + match[0].length, { kind: 'number', value: days }) : undefined;
    }
    default: {
      // A name or address: the model's words must be in the sentence as written.
      const value = modelValue.trim();
      const start = value.length >= 2 ? sentence.text.toLowerCase().indexOf(value.toLowerCase()) : -1;
      return start >= 0 ? at(start, start + value.length, { kind: 'text', text: sentence.text.slice(start, start + value.length) }) : undefined;
    }
  }
}

class UnreadableAnswerError extends Error {
  constructor(cause: unknown) {
    super('The AI could not give a usable answer; the keyword guess and the document\'s own opening are used.', { cause });
  }
}
