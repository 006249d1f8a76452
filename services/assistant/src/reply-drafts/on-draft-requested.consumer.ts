import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DraftRequested, type EventOf } from '@pm/contracts';
import { OnEvent, type EventContext } from '@pm/messaging';
import { MessageDraftWriter } from './message-drafts.js';

/**
 * Every inbound message's draft (and every Regenerate). One event at a time with an ack wait beyond the draft
 * timeout: local model calls queue behind each other, and a draft that outlives the timeout is answered failed.
 */
@Controller()
export class OnDraftRequestedConsumer {
  constructor(private readonly writer: MessageDraftWriter) {}

  @OnEvent(DraftRequested, { durable: 'assistant.draft-requested', ackWaitMs: 180_000, batchSize: 1 })
  async onRequested(@Payload() event: EventOf<typeof DraftRequested>, @Ctx() context: EventContext): Promise<void> {
    if (!context.em) throw new Error('assistant consumers need the transaction of their inbox row');
    await this.writer.answer(context.em as EntityManager, event);
  }
}
