import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EmbeddingsInterface } from '@langchain/core/embeddings';
import type { UrgencyCategory } from '@pm/tenant-triage';
import { loadUrgencyExamples, type UrgencyExample } from './urgency-examples.js';
import { fitUrgencyModel, scoreUrgency, type UrgencyModel, type UrgencyTrainingOptions } from './urgency-model.js';

export interface UrgencyGuess {
  urgent: boolean;
  /** How much nearer the message is to the bank's emergencies than to its routine messages (see urgency-model.ts). */
  score: number;
  /** The emergency the message is nearest to, and that example's words: the manager's "why urgent". */
  category: UrgencyCategory;
  nearest: string;
}

/** What drafting asks of the classifier (tests of the pipeline's other decisions pass a fixed one). */
export interface UrgencyClassifier {
  classify(englishText: string): Promise<UrgencyGuess>;
}

/**
 * The second reader of urgency beside the rules in code (@pm/tenant-triage): the message's neighbours in meaning
 * among a labelled bank of tenant messages (urgency-examples/, urgency-model.ts), embedded (see warm and bankVectors)
 * with whatever embedding model the runtime has, so the bank's vectors and the message's come from one model. Rules are a vocabulary
 * and miss wording no one listed ("water is coming out of the light fixture"); neighbours generalise from meaning.
 * Messages are classified in English, as the embedding model reads it (drafting translates first).
 */
export class EmbeddingUrgencyClassifier implements UrgencyClassifier {
  private model: Promise<UrgencyModel> | undefined;

  /**
   * `cacheDir`: where the bank's vectors are kept between processes (see bankVectors); a folder that cannot be written
   * only costs the next process the embedding again.
   */
  constructor(
    private readonly embeddings: EmbeddingsInterface,
    private readonly examples: readonly UrgencyExample[] = loadUrgencyExamples(),
    private readonly training: UrgencyTrainingOptions = {},
    private readonly cacheDir: string = join(tmpdir(), 'pm-urgency-bank'),
  ) {}

  /**
   * Fits the model now rather than on the first draft, which would wait for it (seconds: a voice caller's turn, a
   * draft's deadline). The service awaits it at start when the embedding model is available.
   */
  async warm(): Promise<void> {
    await this.fitted();
  }

  async classify(englishText: string): Promise<UrgencyGuess> {
    const [model, vector] = await Promise.all([this.fitted(), this.embeddings.embedQuery(englishText)]);
    const { score, nearestEmergency } = scoreUrgency(model, vector);
    const nearest = this.examples[nearestEmergency]!;
    return { urgent: score >= model.threshold, score, category: nearest.label as UrgencyCategory, nearest: nearest.text };
  }

  /** The model's leave-one-out figures on the bank (for the evaluation's report). */
  async crossValidated(): Promise<UrgencyModel['crossValidated'] & { threshold: number; examples: number }> {
    const model = await this.fitted();
    return { ...model.crossValidated, threshold: model.threshold, examples: this.examples.length };
  }

  /** Fitted once; a failure (the embedding model not available yet) is not kept, so the next draft tries again. */
  private fitted(): Promise<UrgencyModel> {
    this.model ??= this.fit().catch((error: unknown) => {
      this.model = undefined;
      throw error;
    });
    return this.model;
  }

  private async fit(): Promise<UrgencyModel> {
    const vectors = await this.bankVectors();
    return fitUrgencyModel(
      vectors,
      this.examples.map((example) => example.label !== 'routine'),
      this.training,
    );
  }

  /**
   * The bank's vectors, from the cache when this embedding model has embedded this bank before: embedding its seven hundred-odd texts
   * takes about 4 s of CPU with MiniLM, and every process that drafts needs them. The cache is keyed by the bank's texts
   * and by the model's vector of a fixed probe sentence, so another model, or another version of one, never reads
   * vectors it did not make.
   */
  private async bankVectors(): Promise<ArrayLike<number>[]> {
    const texts = this.examples.map((example) => example.text);
    const probe = await this.embeddings.embedQuery(PROBE);
    const key = createHash('sha256')
      .update(probe.map((value) => value.toFixed(5)).join(','))
      .update('\n')
      .update(texts.join('\n'))
      .digest('hex')
      .slice(0, 24);
    const file = join(this.cacheDir, `${key}.f32`);
    const cached = readVectors(file, texts.length, probe.length);
    if (cached) return cached;
    const vectors: number[][] = [];
    for (let start = 0; start < texts.length; start += BATCH) vectors.push(...(await this.embeddings.embedDocuments(texts.slice(start, start + BATCH))));
    writeVectors(file, vectors);
    return vectors;
  }
}

const PROBE = 'The kitchen sink is dripping and the smoke alarm is chirping.';

/** The vectors of a cache file, or undefined when it is missing or not of this shape (never an error: it is a cache). */
function readVectors(file: string, count: number, dimensions: number): Float32Array[] | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return undefined;
  }
  if (bytes.byteLength !== count * dimensions * 4) return undefined;
  const all = new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  return Array.from({ length: count }, (_, i) => all.subarray(i * dimensions, (i + 1) * dimensions));
}

/** Written whole then renamed, so a reader never sees half a file; a folder that cannot be written is skipped. */
function writeVectors(file: string, vectors: readonly number[][]): void {
  try {
    mkdirSync(join(file, '..'), { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(Float32Array.from(vectors.flat()).buffer));
    renameSync(partial, file);
  } catch {
    // A read-only file system: the next process embeds the bank again.
  }
}

/** Examples embedded per call: the local model's batches stay small enough not to hold a draft up for long. */
const BATCH = 32;
