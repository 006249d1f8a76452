import { Injectable } from '@nestjs/common';
import { ExportMessageSession, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { SessionAccess } from '../../../inbox/session-access.js';
import { ThreadExports } from '../../thread-export.repository.js';

/** A session's record for the owner to keep and show: every message with its approvals and delivery, hash-chained. */
@Injectable()
@UseCase(ExportMessageSession)
export class ExportMessageSessionHandler implements UseCaseHandler<typeof ExportMessageSession> {
  constructor(
    private readonly sessions: SessionAccess,
    private readonly exports: ThreadExports,
  ) {}

  async handle(request: RequestOf<typeof ExportMessageSession>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof ExportMessageSession>> {
    await this.sessions.require(em, caller, request.id, 'message:read');
    return this.exports.export(em, request.id, caller.userId);
  }
}
