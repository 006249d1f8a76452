import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import type { EntityManager } from '@mikro-orm/postgresql';
import { MessageReceived, type EventOf } from '@pm/contracts';
import { OnEvent, type EventContext } from '@pm/messaging';
import { IntakeTriage } from './intake-triage.js';

/** Every stored tenant message is triaged once (IntakeTriage), in the transaction of the consumer's inbox row. */
@Controller()
export class OnMessageReceivedConsumer {
  constructor(private readonly triage: IntakeTriage) {}

  @OnEvent(MessageReceived, { durable: 'messaging.message-received-triage' })
  async onReceived(@Payload() event: EventOf<typeof MessageReceived>, @Ctx() context: EventContext): Promise<void> {
    if (!context.em) throw new Error('messaging consumers need the transaction of their inbox row');
    await this.triage.triage(context.em as EntityManager, event.data.messageId);
  }
}
