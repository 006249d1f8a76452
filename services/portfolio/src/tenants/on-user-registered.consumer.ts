import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { UserRegistered, type EventOf } from '@pm/contracts';
import { OnEvent, type EventContext } from '@pm/messaging';
import { LinkTenantUserHandler } from './use-cases/link-tenant-user/link-tenant-user.handler.js';

/** Its own durable consumer: accounts/ reads the same event for the user read model. */
@Controller()
export class OnUserRegisteredConsumer {
  constructor(private readonly link: LinkTenantUserHandler) {}

  @OnEvent(UserRegistered, { durable: 'portfolio.tenant-user-registered' })
  async handle(@Payload() event: EventOf<typeof UserRegistered>, @Ctx() context: EventContext): Promise<void> {
    if (!context.em) throw new Error('portfolio consumers need the transaction of their inbox row');
    await this.link.execute(context.em, event.data.userId, event.data.email);
  }
}
