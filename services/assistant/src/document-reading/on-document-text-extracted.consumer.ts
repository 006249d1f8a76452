import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DocumentTextExtracted, type EventOf } from '@pm/contracts';
import { OnEvent, type EventContext } from '@pm/messaging';
import { DocumentReadingWorker } from './document-reading-worker.js';
import { DocumentReadings, readingLane } from './document-readings.repository.js';
import { DocumentTexts } from './document-texts.repository.js';

/**
 * Every document the vault has read the text of (and every reprocessing): the text is kept for the document chat and
 * its reading queued (DocumentReadings), in the inbox row's transaction. The reading itself is the worker's: the
 * event is acked at once, however long the queue in front of it.
 */
@Controller()
export class OnDocumentTextExtractedConsumer {
  constructor(
    private readonly texts: DocumentTexts,
    private readonly readings: DocumentReadings,
    private readonly worker: DocumentReadingWorker,
  ) {}

  @OnEvent(DocumentTextExtracted, { durable: 'assistant.document-text-extracted' })
  async onExtracted(@Payload() { data }: EventOf<typeof DocumentTextExtracted>, @Ctx() context: EventContext): Promise<void> {
    if (!context.em) throw new Error('assistant consumers need the transaction of their inbox row');
    const em = context.em as EntityManager;
    const kept = await this.texts.keep(em, { documentId: data.documentId, attempt: data.attempt, locationId: data.locationId, accountId: data.accountId, fileName: data.fileName, pages: data.pages });
    // A newer attempt is kept already: this one's reading would be stale.
    if (!kept) return;
    const lane = readingLane(data.source, data.attempt);
    await this.readings.enqueue(em, data.documentId, data.attempt, lane, {
      chosenCategoryId: data.chosenCategoryId,
      suggestedCategoryId: data.suggestedCategoryId,
      facts: data.facts,
    });
    this.worker.nudge(lane);
  }
}
