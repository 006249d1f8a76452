import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { EntityManager } from '@mikro-orm/postgresql';
import { MessageReceived, type EventOf } from '@pm/contracts';
import { OnEvent, type EventContext } from '@pm/messaging';
import { IntakeTriage } from './intake-triage.js';

/**
 * Every stored tenant message is triaged once (IntakeTriage), in the transaction of the consumer's inbox row. The
 * messages at hand share one transaction (`per-batch`): a burst of texts costs one BEGIN, inbox insert and COMMIT,
 * and triage only writes through the transaction (its notifications go out by the outbox).
 */
@Controller()
export class OnMessageReceivedConsumer {
  constructor(private readonly triage: IntakeTriage) {}

  @OnEvent(MessageReceived, { durable: 'messaging.message-received-triage', transaction: 'per-batch' })
  async onReceived(@Payload() event: EventOf<typeof MessageReceived>, @Ctx() context: EventContext): Promise<void> {
    if (!context.em) throw new Error('messaging consumers need the transaction of their inbox row');
    await this.triage.triage(context.em as EntityManager, event.data);
  }
}
