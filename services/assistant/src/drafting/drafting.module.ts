import { Module } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { AiRuntime } from '@pm/ai';
import { KnowledgeIndex } from '../retrieval/knowledge-index.js';
import { RetrievalModule } from '../retrieval/retrieval.module.js';
import { ReplyDrafter } from './reply-drafter.js';

/** Reply drafting (used by messaging): the process's one AiRuntime and the knowledge index. */
@Module({
  imports: [RetrievalModule],
  providers: [
    {
      provide: ReplyDrafter,
      inject: [AiRuntime, KnowledgeIndex, EntityManager],
      useFactory: (ai: AiRuntime, index: KnowledgeIndex, em: EntityManager) => new ReplyDrafter(ai, (locationId, message) => index.search(em.fork(), locationId, message)),
    },
  ],
  exports: [ReplyDrafter],
})
export class DraftingModule {}
