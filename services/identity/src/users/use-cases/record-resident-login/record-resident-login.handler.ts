import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Principal } from '@pm/nest-kit';
import { RpcFailure } from '@pm/messaging';
import { Clock } from '../../../clock.js';
import { User } from '../../user.entity.js';

/** A resident signed in (password or Google): the web app reports it so the resident's last login is known. */
@Injectable()
export class RecordResidentLoginHandler {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
  ) {}

  async handle(principal: Principal): Promise<{ ok: true }> {
    if (principal.isAnonymous) throw RpcFailure.forbidden();
    const updated = await this.em.fork().nativeUpdate(User, { id: principal.userId }, { lastResidentLoginAt: this.clock.now() });
    if (updated === 0) throw RpcFailure.unauthorized();
    return { ok: true };
  }
}
