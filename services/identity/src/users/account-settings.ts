import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { User as UserView } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import type { UseCaseCaller } from '@pm/nest-kit';
import { Clock } from '../clock.js';
import type { User } from './user.entity.js';
import { toUserView } from './user-view.js';
import { UsersRepository } from './users.repository.js';

/** A change of the caller's own account settings (Contact/Profile tabs): signed-in people only, answered with the account. */
@Injectable()
export class AccountSettings {
  constructor(
    private readonly users: UsersRepository,
    private readonly clock: Clock,
  ) {}

  async change(em: EntityManager, caller: UseCaseCaller, apply: (user: User) => void): Promise<UserView> {
    if (caller.isAnonymous) throw RpcFailure.forbidden();
    const user = await this.users.find(em, caller.userId);
    if (!user) throw RpcFailure.unauthorized();
    apply(user);
    user.updatedAt = this.clock.now();
    return toUserView(user);
  }
}
