import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { AccountTypeChanged, type RequestOf, type SetAccountType, type User as UserView } from '@pm/contracts';
import type { Principal } from '@pm/nest-kit';
import { recordEvent, RpcFailure } from '@pm/messaging';
import { Clock } from '../../../clock.js';
import { User } from '../../user.entity.js';
import { toUserView } from '../../user-view.js';

/**
 * Onboarding's account-type choice (auto-selected as property_manager, forwarding the campaign). The campaign is
 * stored once: a later value does not overwrite it (spec 4.1). AccountTypeChanged feeds the other contexts' read
 * models; setting the same type again records nothing.
 */
@Injectable()
export class SetAccountTypeHandler {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
  ) {}

  async handle(request: RequestOf<typeof SetAccountType>, principal: Principal): Promise<UserView> {
    if (principal.isAnonymous) throw RpcFailure.forbidden();
    return this.em.fork().transactional(async (em) => {
      const user = await em.findOne(User, { id: principal.userId });
      if (!user) throw RpcFailure.unauthorized();
      const previous = user.accountType ?? null;
      const campaign = user.campaign ?? request.campaign ?? null;
      if (previous === request.account_type && campaign === (user.campaign ?? null)) return toUserView(user);
      user.accountType = request.account_type;
      user.campaign = campaign;
      user.updatedAt = this.clock.now();
      recordEvent(em, AccountTypeChanged, { userId: user.id, accountType: request.account_type, previousAccountType: previous, campaign });
      return toUserView(user);
    });
  }
}
