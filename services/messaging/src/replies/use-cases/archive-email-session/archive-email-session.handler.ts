import { Injectable } from '@nestjs/common';
import { ArchiveEmailSession, EMAIL_ARCHIVED, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { SessionAccess } from '../../../inbox/session-access.js';
import { RepliesRepository } from '../../replies.repository.js';

/** Closes an e-mail thread without a reply (its waiting messages done, Archived on the Sent list); again changes nothing. */
@Injectable()
@UseCase(ArchiveEmailSession)
export class ArchiveEmailSessionHandler implements UseCaseHandler<typeof ArchiveEmailSession> {
  constructor(
    private readonly sessions: SessionAccess,
    private readonly replies: RepliesRepository,
  ) {}

  async handle(request: RequestOf<typeof ArchiveEmailSession>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof ArchiveEmailSession>> {
    await this.sessions.require(em, caller, request.id, 'message:send');
    await this.replies.archive(em, request.id, 'email', caller.userId);
    return { message: EMAIL_ARCHIVED };
  }
}
