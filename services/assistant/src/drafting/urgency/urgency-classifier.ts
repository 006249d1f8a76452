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
 * among a labelled bank of tenant messages (urgency-examples/, urgency-model.ts), embedded on first use with whatever
 * embedding model the runtime has, so the bank's vectors and the message's come from one model. Rules are a vocabulary
 * and miss wording no one listed ("water is coming out of the light fixture"); neighbours generalise from meaning.
 * Messages are classified in English, as the embedding model reads it (drafting translates first).
 */
export class EmbeddingUrgencyClassifier implements UrgencyClassifier {
  private model: Promise<UrgencyModel> | undefined;

  constructor(
    private readonly embeddings: EmbeddingsInterface,
    private readonly examples: readonly UrgencyExample[] = loadUrgencyExamples(),
    private readonly training: UrgencyTrainingOptions = {},
  ) {}

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
    const vectors: number[][] = [];
    for (let start = 0; start < this.examples.length; start += BATCH) {
      vectors.push(...(await this.embeddings.embedDocuments(this.examples.slice(start, start + BATCH).map((example) => example.text))));
    }
    return fitUrgencyModel(
      vectors,
      this.examples.map((example) => example.label !== 'routine'),
      this.training,
    );
  }
}

/** Examples embedded per call: the local model's batches stay small enough not to hold a draft up for long. */
const BATCH = 32;
