import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EmbeddingsInterface } from '@langchain/core/embeddings';
import { judgedText, loadAnswerExamples, type AnswerExample, type JudgedItem } from './answer-examples.js';
import { DEFAULT_ANSWER_TRAINING, fitAnswerModel, pairFeatures, scoreAnswer, type AnswerModel, type AnswerTrainingOptions } from './answer-model.js';

export interface AnswerVerdict {
  answers: boolean;
  /** The regression's logit; the model's threshold decides. */
  score: number;
}

/** What drafting asks of the judge (tests of the pipeline's other decisions pass a fixed one). */
export interface AnswerJudge {
  /** One verdict per item, in order: does it answer what the (English) message asks? */
  judge(englishMessage: string, items: readonly JudgedItem[]): Promise<AnswerVerdict[]>;
}

/**
 * Whether a knowledge item answers a message, learnt from the labelled pairs of answer-examples/ (answer-model.ts) over
 * the embeddings of whatever embedding model the runtime has, so the bank's vectors and the message's come from one
 * model. The subject vocabulary in code (question-analysis.ts) finds the candidates; this decides among near ones
 * that the vocabulary cannot tell apart (a sauna and the pool's hours both "open", a garden bed's soil and the garden
 * plots). Messages are judged in English, as the embedding model reads it (drafting translates first).
 */
export class EmbeddingAnswerJudge implements AnswerJudge {
  private model: Promise<AnswerModel> | undefined;
  /** Items' vectors by text: a location's items are judged again and again, and only an edit changes their text. */
  private readonly itemVectors = new Map<string, number[]>();

  constructor(
    private readonly embeddings: EmbeddingsInterface,
    private readonly examples: readonly AnswerExample[] = loadAnswerExamples(),
    private readonly training: AnswerTrainingOptions = {},
    private readonly cacheDir: string = join(tmpdir(), 'pm-answer-bank'),
  ) {}

  /** Fits the model now rather than on the first draft (seconds of CPU the first time; milliseconds from the cache). */
  async warm(): Promise<void> {
    await this.fitted();
  }

  async judge(englishMessage: string, items: readonly JudgedItem[]): Promise<AnswerVerdict[]> {
    if (items.length === 0) return [];
    const [model, message] = await Promise.all([this.fitted(), this.embeddings.embedQuery(englishMessage)]);
    const texts = items.flatMap((item) => [judgedText(item), item.question]);
    const missing = [...new Set(texts.filter((text) => !this.itemVectors.has(text)))];
    if (missing.length > 0) {
      const vectors = await this.embeddings.embedDocuments(missing);
      missing.forEach((text, i) => this.remember(text, vectors[i]!));
    }
    return items.map((item) => {
      const score = scoreAnswer(model, pairFeatures({ message, item: this.itemVectors.get(judgedText(item))!, question: this.itemVectors.get(item.question)! }));
      return { answers: score >= model.threshold, score };
    });
  }

  /** The model's cross-validated figures on the bank (for the evaluation's report). */
  async crossValidated(): Promise<AnswerModel['crossValidated'] & { threshold: number; pairs: number }> {
    const model = await this.fitted();
    return { ...model.crossValidated, threshold: model.threshold, pairs: this.examples.length };
  }

  private remember(text: string, vector: number[]): void {
    if (this.itemVectors.size >= MAX_ITEM_VECTORS) this.itemVectors.delete(this.itemVectors.keys().next().value!);
    this.itemVectors.set(text, vector);
  }

  /** Fitted once; a failure (the embedding model not available yet) is not kept, so the next draft tries again. */
  private fitted(): Promise<AnswerModel> {
    this.model ??= this.fit().catch((error: unknown) => {
      this.model = undefined;
      throw error;
    });
    return this.model;
  }

  /**
   * The fitted model, from the cache when this embedding model has fitted this bank with these options before: the
   * bank's two thousand-odd texts take seconds of CPU to embed and the folds seconds more to fit. The cache is keyed by
   * the bank's pairs, the options and the model's vector of a fixed probe sentence, so another model, or another
   * version of one, never reads a model it did not make.
   */
  private async fit(): Promise<AnswerModel> {
    const probe = await this.embeddings.embedQuery(PROBE);
    const options = { ...DEFAULT_ANSWER_TRAINING, ...this.training };
    const key = createHash('sha256')
      .update(probe.map((value) => value.toFixed(5)).join(','))
      .update(`\n${JSON.stringify(options)}\n`)
      .update(this.examples.map((example) => `${example.answers ? 1 : 0}\t${example.message}\t${judgedText(example.item)}`).join('\n'))
      .digest('hex')
      .slice(0, 24);
    const file = join(this.cacheDir, `${key}.json`);
    const cached = readModel(file, 2 * probe.length + 2);
    if (cached) return cached;
    const texts = [...new Set(this.examples.flatMap((example) => [example.message, judgedText(example.item), example.item.question]))];
    const vectors = new Map<string, number[]>();
    for (let start = 0; start < texts.length; start += BATCH) {
      const batch = texts.slice(start, start + BATCH);
      (await this.embeddings.embedDocuments(batch)).forEach((vector, i) => vectors.set(batch[i]!, vector));
    }
    const features = this.examples.map((example) =>
      pairFeatures({ message: vectors.get(example.message)!, item: vectors.get(judgedText(example.item))!, question: vectors.get(example.item.question)! }),
    );
    const model = fitAnswerModel(
      features,
      this.examples.map((example) => example.answers),
      this.examples.map((example) => example.message),
      options,
    );
    writeModel(file, model);
    return model;
  }
}

const PROBE = 'Is there a sauna next to the pool, and when is it open?';

/** Examples embedded per call: the local model's batches stay small enough not to hold a draft up for long. */
const BATCH = 32;
const MAX_ITEM_VECTORS = 5000;

/** The cached model, or undefined when it is missing or not of this shape (never an error: it is a cache). */
function readModel(file: string, dimensions: number): AnswerModel | undefined {
  try {
    const raw = JSON.parse(readFileSync(file, 'utf8')) as { weights: number[]; bias: number; threshold: number; crossValidated: AnswerModel['crossValidated'] };
    if (!Array.isArray(raw.weights) || raw.weights.length !== dimensions || typeof raw.bias !== 'number' || typeof raw.threshold !== 'number') return undefined;
    return { ...raw, weights: Float64Array.from(raw.weights) };
  } catch {
    return undefined;
  }
}

/** Written whole then renamed, so a reader never sees half a file; a folder that cannot be written is skipped. */
function writeModel(file: string, model: AnswerModel): void {
  try {
    mkdirSync(join(file, '..'), { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, JSON.stringify({ ...model, weights: [...model.weights] }));
    renameSync(partial, file);
  } catch {
    // A read-only file system: the next process fits the model again.
  }
}
