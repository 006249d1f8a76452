import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { DocumentUploaded, type EventOf } from '@pm/contracts';
import { OnEvent, type EventContext } from '@pm/messaging';
import { PROCESSING_MAX_DELIVER } from '../config/vault-env.js';
import { DocumentPipeline } from './document-pipeline.js';

/**
 * Each uploaded (or reprocessed) document → the pipeline, one at a time per process: the consumer loop handles its
 * deliveries in turn, which on a two-core machine is the bound (OCR and LibreOffice each take a core). The ack wait
 * outlasts the longest allowed attempt (VAULT_PROCESSING_TIMEOUT_MS ≤ 1,700 s), so a document still being read is
 * never delivered twice; a failed attempt is redelivered after the backoff, and past PROCESSING_MAX_DELIVER (which
 * the pipeline never reaches: it marks the document FAILED at VAULT_PROCESSING_ATTEMPTS) dead-lettered.
 */
@Controller()
export class OnDocumentUploadedConsumer {
  constructor(private readonly pipeline: DocumentPipeline) {}

  // One message pulled at a time: the ack wait runs from delivery, so documents prefetched behind a slow one would
  // time out waiting and be delivered again.
  @OnEvent(DocumentUploaded, {
    durable: 'vault.document-uploaded',
    ackWaitMs: 1_800_000,
    maxDeliver: PROCESSING_MAX_DELIVER,
    backoffMs: [2_000, 15_000, 60_000],
    batchSize: 1,
  })
  async onDocumentUploaded(@Payload() { data }: EventOf<typeof DocumentUploaded>, @Ctx() context: EventContext): Promise<void> {
    // The pipeline commits each step in its own transaction (the status stream shows progress while it runs); the
    // inbox row's transaction only makes the event's id count as handled once the attempt is settled.
    await this.pipeline.process(data, context.deliveryCount);
  }
}
