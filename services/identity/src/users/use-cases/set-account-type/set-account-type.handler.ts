import { Injectable } from '@nestjs/common';
import { AccountTypeChanged, SetAccountType, type RequestOf, type User as UserView } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { Clock } from '../../../clock.js';
import { toUserView } from '../../user-view.js';
import { UsersRepository } from '../../users.repository.js';

/**
 * Onboarding's account-type choice (auto-selected as property_manager, forwarding the campaign). The campaign is
 * stored once: a later value does not overwrite it (spec 4.1). AccountTypeChanged feeds the other contexts' read
 * models; setting the same type again records nothing.
 */
@Injectable()
@UseCase(SetAccountType)
export class SetAccountTypeHandler implements UseCaseHandler<typeof SetAccountType> {
  constructor(
    private readonly users: UsersRepository,
    private readonly clock: Clock,
  ) {}

  async handle(request: RequestOf<typeof SetAccountType>, { em, caller, record }: UseCaseContext): Promise<UserView> {
    if (caller.isAnonymous) throw RpcFailure.forbidden();
    const user = await this.users.find(em, caller.userId);
    if (!user) throw RpcFailure.unauthorized();
    const previous = user.accountType ?? null;
    const campaign = user.campaign ?? request.campaign ?? null;
    if (previous === request.account_type && campaign === (user.campaign ?? null)) return toUserView(user);
    user.accountType = request.account_type;
    user.campaign = campaign;
    user.updatedAt = this.clock.now();
    await record(AccountTypeChanged, { userId: user.id, accountType: request.account_type, previousAccountType: previous, campaign });
    return toUserView(user);
  }
}
