import { Module } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { AiRuntime } from '@pm/ai';
import { KnowledgeIndex } from '../retrieval/knowledge-index.js';
import { RetrievalModule } from '../retrieval/retrieval.module.js';
import { ReplyDrafter } from './reply-drafter.js';
import { EmbeddingUrgencyClassifier } from './urgency/urgency-classifier.js';

/** How many items retrieval hands drafting: the question-analysis picks among them, so more than the top 3. */
const CANDIDATES = 5;

/** Reply drafting (used by messaging): the process's one AiRuntime and the knowledge index. */
@Module({
  imports: [RetrievalModule],
  providers: [
    {
      provide: ReplyDrafter,
      inject: [AiRuntime, KnowledgeIndex, EntityManager],
      useFactory: (ai: AiRuntime, index: KnowledgeIndex, em: EntityManager) =>
        new ReplyDrafter(ai, (locationId, message) => index.search(em.fork(), locationId, message, CANDIDATES), new EmbeddingUrgencyClassifier(ai.embeddings)),
    },
  ],
  exports: [ReplyDrafter],
})
export class DraftingModule {}
