import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { PlanChanged, type EventOf } from '@pm/contracts';
import { OnEvent, type EventContext } from '@pm/messaging';
import { AccountPlans } from './account-plans.js';

/** Payments' `PlanChanged` into portfolio's copy of the accounts' plans, in the transaction of its inbox row. */
@Controller()
export class PlanChangedConsumer {
  constructor(private readonly plans: AccountPlans) {}

  @OnEvent(PlanChanged, { durable: 'portfolio.plan-changed' })
  async onPlanChanged(@Payload() event: EventOf<typeof PlanChanged>, @Ctx() context: EventContext): Promise<void> {
    if (!context.em) throw new Error('portfolio consumers need the transaction of their inbox row');
    await this.plans.record(context.em, event.data);
  }
}
