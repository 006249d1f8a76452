import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { AccountTypeChanged, UserRegistered, type EventOf } from '@pm/contracts';
import { OnEvent, type EventContext } from '@pm/messaging';
import { recordAccount } from './record-account.js';

/** Keeps portfolio's copy of users' account type and campaign, from identity's events. */
@Controller()
export class UserAccountConsumers {
  @OnEvent(UserRegistered, { durable: 'portfolio.user-registered' })
  async onUserRegistered(@Payload() event: EventOf<typeof UserRegistered>, @Ctx() context: EventContext): Promise<void> {
    await recordAccount(context, event.data.userId, new Date(event.occurredAt), {
      accountType: event.data.accountType,
      campaign: event.data.campaign,
      email: event.data.email,
    });
  }

  @OnEvent(AccountTypeChanged, { durable: 'portfolio.account-type-changed' })
  async onAccountTypeChanged(@Payload() event: EventOf<typeof AccountTypeChanged>, @Ctx() context: EventContext): Promise<void> {
    await recordAccount(context, event.data.userId, new Date(event.occurredAt), {
      accountType: event.data.accountType,
      campaign: event.data.campaign,
    });
  }
}
