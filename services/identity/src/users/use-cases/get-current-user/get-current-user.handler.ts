import { Injectable } from '@nestjs/common';
import { GetCurrentUser, type RequestOf, type User as UserView } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { toUserView } from '../../user-view.js';
import { UsersRepository } from '../../users.repository.js';

/** GET user/me: the caller's own account (anonymous visitors' included). */
@Injectable()
@UseCase(GetCurrentUser)
export class GetCurrentUserHandler implements UseCaseHandler<typeof GetCurrentUser> {
  constructor(private readonly users: UsersRepository) {}

  async handle(_request: RequestOf<typeof GetCurrentUser>, { em, caller }: UseCaseContext): Promise<UserView> {
    const user = await this.users.find(em, caller.userId);
    if (!user) throw RpcFailure.unauthorized();
    return toUserView(user);
  }
}
