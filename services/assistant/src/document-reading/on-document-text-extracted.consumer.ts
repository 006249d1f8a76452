import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DocumentTextExtracted, type EventOf } from '@pm/contracts';
import { OnEvent, type EventContext } from '@pm/messaging';
import { DocumentInsightsWriter } from './document-insights-writer.js';

/**
 * Every document the vault has read the text of (and every reprocessing). One at a time, with an ack wait beyond the
 * reading's time limit: the local model queues requests, and the same document must not be read twice at once.
 */
@Controller()
export class OnDocumentTextExtractedConsumer {
  constructor(private readonly writer: DocumentInsightsWriter) {}

  @OnEvent(DocumentTextExtracted, { durable: 'assistant.document-text-extracted', ackWaitMs: 300_000, batchSize: 1 })
  async onExtracted(@Payload() event: EventOf<typeof DocumentTextExtracted>, @Ctx() context: EventContext): Promise<void> {
    if (!context.em) throw new Error('assistant consumers need the transaction of their inbox row');
    await this.writer.answer(context.em as EntityManager, event);
  }
}
