import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { AnonymousUserLinked, type EventOf } from '@pm/contracts';
import { OnEvent, type EventContext } from '@pm/messaging';
import { ReownAnonymousLocationsHandler } from './use-cases/reown-anonymous-locations/reown-anonymous-locations.handler.js';

@Controller()
export class OnAnonymousUserLinkedConsumer {
  constructor(private readonly reown: ReownAnonymousLocationsHandler) {}

  @OnEvent(AnonymousUserLinked, { durable: 'portfolio.anonymous-user-linked' })
  async handle(@Payload() event: EventOf<typeof AnonymousUserLinked>, @Ctx() context: EventContext): Promise<void> {
    if (!context.em) throw new Error('portfolio consumers need the transaction of their inbox row');
    await this.reown.execute(context.em, event.data.anonymousUserId, event.data.userId);
  }
}
