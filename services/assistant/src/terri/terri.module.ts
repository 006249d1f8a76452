import { Module } from '@nestjs/common';
import { AnsweringModule } from '../answering/index.js';
import { KnowledgeModule } from '../knowledge/knowledge.module.js';
import { OnChatMessagePostedConsumer } from './on-chat-message-posted.consumer.js';
import { TerriReplies } from './terri-replies.js';

/** Terri's replies (its calls are use cases under use-cases/, found by UseCasesModule). */
@Module({ imports: [KnowledgeModule, AnsweringModule], controllers: [OnChatMessagePostedConsumer], providers: [TerriReplies] })
export class TerriModule {}
