import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { User as UserView } from '@pm/contracts';
import type { Principal } from '@pm/nest-kit';
import { RpcFailure } from '@pm/messaging';
import { Clock } from '../../../clock.js';
import { User } from '../../user.entity.js';
import { toUserView } from '../../user-view.js';

/** The caller's own account: read it, change the full name or the phone (account settings, Contact/Profile tabs). */
@Injectable()
export class UpdateAccountHandler {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
  ) {}

  async current(principal: Principal): Promise<UserView> {
    const user = await this.em.fork().findOne(User, { id: principal.userId });
    if (!user) throw RpcFailure.unauthorized();
    return toUserView(user);
  }

  async fullName(principal: Principal, fullName: string): Promise<UserView> {
    return this.change(principal, (user) => {
      user.name = fullName;
    });
  }

  async phone(principal: Principal, phone: string): Promise<UserView> {
    return this.change(principal, (user) => {
      user.phone = phone;
    });
  }

  private async change(principal: Principal, apply: (user: User) => void): Promise<UserView> {
    if (principal.isAnonymous) throw RpcFailure.forbidden();
    return this.em.fork().transactional(async (em) => {
      const user = await em.findOne(User, { id: principal.userId });
      if (!user) throw RpcFailure.unauthorized();
      apply(user);
      user.updatedAt = this.clock.now();
      return toUserView(user);
    });
  }
}
