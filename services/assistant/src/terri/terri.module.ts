import { Module } from '@nestjs/common';
import { AnsweringModule } from '../answering/index.js';
import { KnowledgeModule } from '../knowledge/knowledge.module.js';
import { OnChatMessagePostedConsumer } from './on-chat-message-posted.consumer.js';
import { TerriReplies } from './terri-replies.js';

/**
 * Terri's replies (its calls are use cases under use-cases/, found by UseCasesModule, which imports this module for
 * the knowledge copy). The area facts come from AreaFactsModule, loaded once at start.
 */
@Module({ imports: [KnowledgeModule, AnsweringModule], controllers: [OnChatMessagePostedConsumer], providers: [TerriReplies], exports: [KnowledgeModule] })
export class TerriModule {}
