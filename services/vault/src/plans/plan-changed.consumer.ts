import { Controller } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { PlanChanged, type EventOf } from '@pm/contracts';
import { OnEvent, type EventContext } from '@pm/messaging';
import { StorageLimit } from './storage-limit.js';

/** Payments' `PlanChanged` into the vault's copy of the accounts' plans, in the transaction of its inbox row. */
@Controller()
export class VaultPlanChangedConsumer {
  constructor(private readonly storage: StorageLimit) {}

  @OnEvent(PlanChanged, { durable: 'vault.plan-changed' })
  async onPlanChanged(@Payload() event: EventOf<typeof PlanChanged>, @Ctx() context: EventContext): Promise<void> {
    if (!context.em) throw new Error('vault consumers need the transaction of their inbox row');
    await this.storage.record(context.em, event.data);
  }
}
