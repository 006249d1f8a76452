import { Module } from '@nestjs/common';
import { KnowledgeCopy } from './knowledge-copy.js';
import { OnKnowledgeEventsConsumer } from './on-knowledge-events.consumer.js';

/** The assistant's copy of each location's knowledge, fed by portfolio's events. */
@Module({ controllers: [OnKnowledgeEventsConsumer], providers: [KnowledgeCopy], exports: [KnowledgeCopy] })
export class KnowledgeModule {}
