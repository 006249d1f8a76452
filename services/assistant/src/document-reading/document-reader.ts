import { HumanMessage, SystemMessage, type BaseMessage } from '@langchain/core/messages';
import { Logger } from '@nestjs/common';
import { AiUnavailableError, type QueuePriority } from '@pm/ai';
import { DOCUMENT_CATEGORIES, DOCUMENT_FACT_SENTENCE_MAX, DocumentFactSchema, LEASE_CATEGORY_ID, type DocumentFact, type DocumentFactField } from '@pm/contracts';
import {
  deadlineBefore,
  leaseFieldIn,
  NOTICE_DEADLINE_LABEL,
  splitSentences,
  suggestCategory,
  type ListedFact,
  type PointableField,
  type Sentence,
} from '@pm/document-reading/facts';
import { z } from 'zod';
import type { DraftingModel } from '../drafting/reply-drafter.js';
import { findUnsupportedClaims } from '../drafting/guards/grounding-check.js';
import { foldText } from '@pm/tenant-triage';
import { leaseSummary } from './lease-summary.js';

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
/** How much of a document without sentences its summary quotes. */
const OPENING_WORDS_MAX_CHARS = 300;
/** Why a document has no summary, as its summary (the card says why rather than nothing). */
const NO_TEXT = 'The document has no readable text.';
const NO_TEXT_SUMMARY = 'No summary: the document has no readable text (a scan or photo without legible words, or an empty file).';

/** The lease fields a model may point at, and words that make a sentence a candidate for each. */
const FIELD_CUES: Record<PointableField, RegExp> = {
  landlord: /\b(landlord|lessor|owner|management)\b/i,
  tenant: /\b(tenants?|lessees?|residents?)\b/i,
  premises: /\b(premises|property|unit|apartment|address|located at)\b/i,
  start_date: /\b(begin|begins|commenc\w*|start\w*|effective|from)\b/i,
  end_date: /\b(end|ends|ending|expir\w*|terminat\w*|until|through)\b/i,
  monthly_rent: /\b(rent|monthly|per month)\b/i,
  security_deposit: /\b(deposit|security)\b/i,
  rent_due_day: /\b(due|payable|on or before)\b/i,
  late_fee: /\b(late)\b/i,
  grace_period_days: /\b(grace|late)\b/i,
  notice_period_days: /\b(notice|notify)\b/i,
};
const FIELD_NAMES: Record<PointableField, string> = {
  landlord: 'the landlord (a person or company name)',
  tenant: 'the tenant (a person name)',
  premises: 'the premises (the rented address or unit)',
  start_date: 'the date the lease term starts',
  end_date: 'the date the lease term ends',
  monthly_rent: 'the monthly rent amount',
  security_deposit: 'the security deposit amount',
  rent_due_day: 'the day of the month rent is due',
  late_fee: 'the late fee amount',
  grace_period_days: 'the grace period before rent is late',
  notice_period_days: 'the notice period to end or not renew the lease',
};
/** The rows that answer each field the model may be asked for (a notice period is in days or in months). */
const ANSWERED_BY: Partial<Record<PointableField, DocumentFactField[]>> = { notice_period_days: ['notice_period_days', 'notice_period_months'] };

/** Fields whose value is a name or an address as written (the others are read by code from the sentence). */
const TEXT_FIELDS = new Set<PointableField>(['landlord', 'tenant', 'premises']);
/** A sentence shown to the model is cut here: the candidates must fit its context with the instructions. */
const CANDIDATE_CHARS = 300;

const CATEGORY_IDS = DOCUMENT_CATEGORIES.map((category) => String(category.id)) as [string, ...string[]];

/**
 * Reads a document for the vault with the small local model, and never lets it state what the document does not say:
 * the category is one of the product's fixed list (the grammar allows no other) and must come with a phrase the
 * document contains, unless a person chose it (kept) or the document's title names it (no model needed); a lease's
 * facts the parser missed are found by the model as the number of a sentence (again only numbers it was given), and
 * their value is then read from that sentence by the parser's own code; a lease's summary is written by code from its
 * facts; another document's summary keeps only the model's sentences whose every number, date, price and name is on
 * its pages (with none left, the document's own opening sentences). Without a model the keyword guess, the lease's
 * facts and the document's own sentences stand.
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
    if (pages.length === 0) return this.fallback(document, NO_TEXT, pages);
    const { chat } = this.model.status();
    if (!chat.available) return this.fallback(document, chat.message ?? 'The AI is not available.', pages);
    try {
      const notes: string[] = [];
      let usedModel = false;
      const unusable = 'The AI could not give a usable answer';
      // Each step stands alone: a model that fails one (an answer off its grammar, a runtime error) loses that step only.
      let categoryId: number | null = null;
      if (document.chosenCategoryId === null) {
        categoryId = titledCategory(pages);
        if (categoryId === null) {
          const category = await this.step(document, () => this.category(document, pages, call), { id: null, note: `${unusable} for the category; the keyword guess is used.` });
          if (category.note) notes.push(category.note);
          else usedModel = true;
          categoryId = category.id ?? document.suggestedCategoryId;
        }
      }
      const isLease = (document.chosenCategoryId ?? categoryId) === LEASE_CATEGORY_ID;
      const found = isLease ? await this.step(document, () => this.missingFacts(document, pages, call), null) : null;
      if (found?.asked) usedModel = true;
      const facts = [...(found?.facts ?? []), ...derivedDeadline([...document.facts, ...(found?.facts ?? [])])];
      const written = isLease ? leaseSummary([...document.facts, ...facts]) : null;
      const summary = written
        ? { ...written, note: null }
        : await this.step(document, () => this.summary(document, pages, call), { ...openingSentences(pages), note: `${unusable} for the summary; the document's own opening is shown.` });
      if (summary.note) notes.push(summary.note);
      else if (!written) usedModel = true;
      return {
        categoryId: document.chosenCategoryId !== null ? null : categoryId,
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

  /**
   * What the vault gets without the model's reading: the title's or keyword category, and a lease's summary from its
   * parsed facts or the document's own opening. A document without text gets a summary that says so, never none.
   */
  fallback(document: DocumentToRead, why: string, pages: DocumentToRead['pages'] = document.pages.filter((page) => page.text.trim() !== '')): DocumentInsights {
    const categoryId = document.chosenCategoryId === null ? (titledCategory(pages) ?? document.suggestedCategoryId) : null;
    const isLease = (document.chosenCategoryId ?? categoryId) === LEASE_CATEGORY_ID;
    const summary = (isLease ? leaseSummary(document.facts) : null) ?? openingSentences(pages);
    return {
      categoryId,
      summary: summary.text ?? NO_TEXT_SUMMARY,
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

  /**
   * Lease fields the parser did not find: the model points at a sentence, the parser's code reads the value from it.
   * `asked`: the model answered (with or without a fact code could read).
   */
  private async missingFacts(document: DocumentToRead, pages: DocumentToRead['pages'], call: ReadingCall): Promise<{ facts: DocumentFact[]; asked: boolean }> {
    const found = new Set(document.facts.map((fact) => fact.field));
    const missing = (Object.keys(FIELD_NAMES) as PointableField[]).filter(
      // A month-to-month tenancy has no end date to look for.
      (field) => !(ANSWERED_BY[field] ?? [field]).some((answer) => found.has(answer)) && !(field === 'end_date' && found.has('month_to_month')),
    );
    if (missing.length === 0) return { facts: [], asked: false };
    const texts = pageTexts(pages);
    const candidates = splitSentences(texts)
      .filter((sentence) => missing.some((field) => FIELD_CUES[field].test(sentence.text)))
      .slice(0, CANDIDATE_SENTENCES);
    if (candidates.length === 0) return { facts: [], asked: false };
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
        new HumanMessage(candidates.map((sentence, index) => `sentence_${index + 1}: ${sentence.text.replace(/\s+/g, ' ').slice(0, CANDIDATE_CHARS)}`).join('\n')),
      ],
      schema,
      call,
    )) as Record<string, string[] | string>;
    const facts: DocumentFact[] = [];
    candidates.forEach((sentence, index) => {
      const said = answer[`sentence_${index + 1}`];
      for (const field of Array.isArray(said) ? said : []) {
        if (field === 'other' || !missing.includes(field as PointableField)) continue;
        const fact = readFactFrom(field as PointableField, sentence, String(answer[`${field}_as_written`] ?? ''));
        // One of each, several tenants.
        if (fact && (fact.field === 'tenant' ? !facts.some((other) => other.field === 'tenant' && sameText(other, fact)) : !facts.some((other) => other.field === fact.field))) facts.push(fact);
      }
    });
    return { facts, asked: true };
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

/**
 * The document's own first sentences (at most two, with some words each), or without any its first words (a form, a
 * label): a summary that cannot say anything false. Null only without text.
 */
export function openingSentences(pages: DocumentToRead['pages']): { text: string | null; pages: number[] } {
  const all = splitSentences(pageTexts(pages));
  const sentences = all.filter((sentence) => sentence.text.split(/\s+/).length >= 6).slice(0, 2);
  if (sentences.length === 0) {
    const words = all.map((sentence) => sentence.text.replace(/\s+/g, ' ').trim()).join(' ').slice(0, OPENING_WORDS_MAX_CHARS).trim();
    return words === '' ? { text: null, pages: [] } : { text: words, pages: [all[0]!.page] };
  }
  return { text: sentences.map((sentence) => sentence.text.replace(/\s+/g, ' ').trim()).join(' ').slice(0, SUMMARY_MAX_CHARS), pages: [...new Set(sentences.map((s) => s.page))] };
}

/**
 * Reads a field's value from the sentence the model pointed at, by the parser's code (`leaseFieldIn`): a name or address
 * only as the model's words appear there and read as one; undefined when the sentence does not state the field or the
 * row would not be a valid fact.
 */
export function readFactFrom(field: PointableField, sentence: Sentence, modelValue: string): DocumentFact | undefined {
  const listed = leaseFieldIn(field, sentence, modelValue);
  return listed && asDocumentFact(listed, 'model');
}

/** A fact of the library as the contract's row; undefined when it is not one (a sentence too long is cut to the limit). */
function asDocumentFact(listed: ListedFact, source: DocumentFact['source']): DocumentFact | undefined {
  const row = {
    field: listed.field,
    value: listed.value,
    page: listed.source.page,
    sentence: listed.source.sentence.slice(0, DOCUMENT_FACT_SENTENCE_MAX),
    span_start: listed.source.start,
    span_end: listed.source.end,
    derived: listed.derived,
    source,
  };
  const parsed = DocumentFactSchema.safeParse(row);
  return parsed.success ? parsed.data : undefined;
}

function sameText(a: DocumentFact, b: DocumentFact): boolean {
  return a.value.kind === 'text' && b.value.kind === 'text' && a.value.text.toLowerCase() === b.value.text.toLowerCase();
}

/**
 * The notice deadline where the model completed what the parser could not compute it from (the end date or the
 * notice period): the end date minus the notice period, by the parser's calendar arithmetic. Nothing when the parser
 * computed it already or either is missing.
 */
function derivedDeadline(facts: readonly DocumentFact[]): DocumentFact[] {
  const deadline = facts.find((fact) => fact.field === 'key_date' && fact.value.kind === 'date' && fact.value.label === NOTICE_DEADLINE_LABEL);
  const end = facts.find((fact) => fact.field === 'end_date');
  const notice = facts.find((fact) => fact.field === 'notice_period_days' || fact.field === 'notice_period_months');
  if (deadline || !end || !notice || end.value.kind !== 'date' || notice.value.kind !== 'number') return [];
  const date = deadlineBefore(end.value.date, { amount: notice.value.value, unit: notice.field === 'notice_period_months' ? 'months' : 'days' });
  return [{ ...notice, field: 'key_date', value: { kind: 'date', date, label: NOTICE_DEADLINE_LABEL }, derived: true, source: 'model' }];
}

/** The category the document's title names alone ("RESIDENTIAL LEASE AGREEMENT"): no model is asked then. */
function titledCategory(pages: DocumentToRead['pages']): number | null {
  const suggestion = suggestCategory(pages.map((page) => page.text).join('\n'), DOCUMENT_CATEGORIES);
  return suggestion?.decidedBy === 'title' ? suggestion.categoryId : null;
}

class UnreadableAnswerError extends Error {
  constructor(cause: unknown) {
    super('The AI could not give a usable answer; the keyword guess and the document\'s own opening are used.', { cause });
  }
}
