import { Inject, Logger, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { AiRuntime } from '@pm/ai';
import { KnowledgeIndex } from '../retrieval/knowledge-index.js';
import { RetrievalModule } from '../retrieval/retrieval.module.js';
import { EmbeddingAnswerJudge } from './answer-judge/answer-judge.js';
import { ReplyDrafter } from './reply-drafter.js';
import { EmbeddingUrgencyClassifier } from './urgency/urgency-classifier.js';

/** How many items retrieval hands drafting: the question-analysis picks among them, so more than the top 3. */
const CANDIDATES = 5;

/** Reply drafting (used by messaging): the process's one AiRuntime, the knowledge index, the urgency classifier and the answer judge. */
@Module({
  imports: [RetrievalModule],
  providers: [
    { provide: EmbeddingUrgencyClassifier, inject: [AiRuntime], useFactory: (ai: AiRuntime) => new EmbeddingUrgencyClassifier(ai.embeddings) },
    { provide: EmbeddingAnswerJudge, inject: [AiRuntime], useFactory: (ai: AiRuntime) => new EmbeddingAnswerJudge(ai.embeddings) },
    {
      provide: ReplyDrafter,
      inject: [AiRuntime, KnowledgeIndex, EntityManager, EmbeddingUrgencyClassifier, EmbeddingAnswerJudge],
      useFactory: (ai: AiRuntime, index: KnowledgeIndex, em: EntityManager, classifier: EmbeddingUrgencyClassifier, judge: EmbeddingAnswerJudge) =>
        new ReplyDrafter(ai, (locationId, message) => index.search(em.fork(), locationId, message, CANDIDATES), classifier, judge),
    },
  ],
  exports: [ReplyDrafter],
})
export class DraftingModule implements OnApplicationBootstrap {
  constructor(
    @Inject(AiRuntime) private readonly ai: AiRuntime,
    @Inject(EmbeddingUrgencyClassifier) private readonly classifier: EmbeddingUrgencyClassifier,
    @Inject(EmbeddingAnswerJudge) private readonly judge: EmbeddingAnswerJudge,
  ) {}

  private readonly logger = new Logger(DraftingModule.name);

  /**
   * The urgency classifier and the answer judge are fitted before the service takes work, so no draft or caller's turn
   * waits for them. Without an embedding model there is nothing to fit, and drafts say they are unavailable. A fit that
   * fails does not stop the service: the first draft fits it again, and says why if it fails there too.
   */
  async onApplicationBootstrap(): Promise<void> {
    if (!this.ai.status().embeddings.available) return;
    try {
      await this.classifier.warm();
    } catch (error) {
      this.logger.warn({ err: error }, 'the urgency classifier could not be fitted at start; the first draft tries again');
    }
    try {
      await this.judge.warm();
    } catch (error) {
      this.logger.warn({ err: error }, 'the answer judge could not be fitted at start; the first draft tries again');
    }
  }
}
