import { Injectable } from '@nestjs/common';
import { RecordResidentLogin, type RequestOf } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { Clock } from '../../../clock.js';
import { UsersRepository } from '../../users.repository.js';

/** A resident signed in (password or Google): the web app reports it so the resident's last login is known. */
@Injectable()
@UseCase(RecordResidentLogin)
export class RecordResidentLoginHandler implements UseCaseHandler<typeof RecordResidentLogin> {
  constructor(
    private readonly users: UsersRepository,
    private readonly clock: Clock,
  ) {}

  async handle(_request: RequestOf<typeof RecordResidentLogin>, { em, caller }: UseCaseContext): Promise<{ ok: true }> {
    if (caller.isAnonymous) throw RpcFailure.forbidden();
    if (!(await this.users.recordResidentLogin(em, caller.userId, this.clock.now()))) throw RpcFailure.unauthorized();
    return { ok: true };
  }
}
