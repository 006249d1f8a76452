import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DocumentInsightsReady, type EventOf } from '@pm/contracts';
import { OnEvent, type EventContext } from '@pm/messaging';
import { DocumentInsights } from './document-insights.js';

/** The assistant's reading of a document → stored, and the document PROCESSED (in the transaction of the inbox row). */
@Controller()
export class OnDocumentInsightsReadyConsumer {
  constructor(private readonly insights: DocumentInsights) {}

  @OnEvent(DocumentInsightsReady, { durable: 'vault.document-insights-ready' })
  async onInsightsReady(@Payload() { data }: EventOf<typeof DocumentInsightsReady>, @Ctx() context: EventContext): Promise<void> {
    if (!context.em) throw new Error('the vault consumers need the transaction of their inbox row');
    await this.insights.store(context.em as EntityManager, data);
  }
}
