import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { PostDueRentCharges, type RequestOf, type ResponseOf } from '@pm/contracts';
import { OnRequest } from '@pm/messaging';
import { Callers } from '@pm/nest-kit';
import { ChargeSchedule } from './charge-schedule.js';

/**
 * The rent clock's run, asked by the workflows worker with its service token (identity lets only that client ask
 * payments): every unit's due charges posted in one transaction, so a run either posts all it found or nothing, and
 * the next run (or Temporal's retry) posts what is left.
 */
@Controller()
export class PostDueRentChargesRpc {
  constructor(
    private readonly orm: MikroORM,
    private readonly schedule: ChargeSchedule,
  ) {}

  @Callers('service')
  @OnRequest(PostDueRentCharges)
  async post(@Payload() request: RequestOf<typeof PostDueRentCharges>): Promise<ResponseOf<typeof PostDueRentCharges>> {
    return (this.orm.em.fork() as EntityManager).transactional((em) => this.schedule.postAllDue(em, new Date(request.as_of)));
  }
}
