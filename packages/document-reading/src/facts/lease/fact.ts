import type { FoundDate, SourceSpan } from '../dates.js';
import type { Sentence } from '../sentences.js';

/** A value read from one sentence; `text` is the value as written, `source` where. */
export interface StatedFact<T> {
  value: T;
  text: string;
  source: SourceSpan;
  derived: false;
}

/** A value computed in code from other statements (e.g. the end date from the start and "a term of 12 months"). */
export interface DerivedFact<T> {
  value: T;
  derived: true;
  /** The statement the value was computed from (the term sentence for an end date, the notice sentence for a deadline). */
  source: SourceSpan;
  /** Every statement used, in document order. */
  sources: SourceSpan[];
}

export type Fact<T> = StatedFact<T> | DerivedFact<T>;

export function span(sentence: Sentence, from: number, to: number): SourceSpan {
  return { page: sentence.page, sentence: sentence.text, start: sentence.start + from, end: sentence.start + to };
}

/** The value read from `sentence.text.slice(from, to)`. */
export function stated<T>(value: T, sentence: Sentence, from: number, to: number): StatedFact<T> {
  return { value, text: sentence.text.slice(from, to), source: span(sentence, from, to), derived: false };
}

export function statedDate(found: FoundDate): StatedFact<string> {
  return { value: found.date, text: found.text, source: found.source, derived: false };
}

export function derived<T>(value: T, source: SourceSpan, others: readonly SourceSpan[]): DerivedFact<T> {
  const sources = [source, ...others].sort((a, b) => a.page - b.page || a.start - b.start);
  return { value, derived: true, source, sources };
}

/** The sources a fact rests on: its one sentence, or every sentence a derived value was computed from. */
export function sourcesOf(fact: Fact<unknown>): SourceSpan[] {
  return fact.derived ? fact.sources : [fact.source];
}
