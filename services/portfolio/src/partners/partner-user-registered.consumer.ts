import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { sql } from '@mikro-orm/core';
import { PartnerUserLinked, UserRegistered, type EventOf } from '@pm/contracts';
import { GrantsProjection } from '@pm/access';
import { OnEvent, type EventContext } from '@pm/messaging';
import { Partner } from './partner.entity.js';

/**
 * A partner invited before they had an account: when a user registers with their e-mail, every partner row with
 * that e-mail (one per account that invited them) gets the user, and the shared locations appear in their list.
 */
@Controller()
export class PartnerUserRegisteredConsumer {
  constructor(private readonly grants: GrantsProjection) {}

  @OnEvent(UserRegistered, { durable: 'portfolio.partner-user-registered' })
  async onUserRegistered(@Payload() event: EventOf<typeof UserRegistered>, @Ctx() context: EventContext): Promise<void> {
    const em = context.em;
    if (!em) throw new Error('portfolio consumers need the transaction of their inbox row');
    const email = event.data.email;
    if (!email) return;
    const waiting = await em.find(Partner, { userId: null, [sql.lower('email')]: email.toLowerCase() });
    for (const partner of waiting) {
      partner.userId = event.data.userId;
      partner.updatedAt = new Date();
      await this.grants.record(em, PartnerUserLinked, { partnerId: partner.id, accountId: partner.accountId, userId: event.data.userId, role: partner.role });
    }
    await em.flush();
  }
}
