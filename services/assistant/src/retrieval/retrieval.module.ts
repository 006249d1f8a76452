import { Module } from '@nestjs/common';
import { KnowledgeIndex } from './knowledge-index.js';

/** Hybrid search over each location's knowledge copy. */
@Module({ providers: [KnowledgeIndex], exports: [KnowledgeIndex] })
export class RetrievalModule {}
