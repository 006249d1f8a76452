import { Injectable } from '@nestjs/common';
import { ArchiveSmsSession, SMS_ARCHIVED, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { SessionAccess } from '../../../inbox/session-access.js';
import { RepliesRepository } from '../../replies.repository.js';

/** Closes an SMS session without a reply (its waiting messages done, Archived on the Sent list); again changes nothing. */
@Injectable()
@UseCase(ArchiveSmsSession)
export class ArchiveSmsSessionHandler implements UseCaseHandler<typeof ArchiveSmsSession> {
  constructor(
    private readonly sessions: SessionAccess,
    private readonly replies: RepliesRepository,
  ) {}

  async handle(request: RequestOf<typeof ArchiveSmsSession>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof ArchiveSmsSession>> {
    await this.sessions.require(em, caller, request.id, 'message:send');
    await this.replies.archive(em, request.id, 'sms', caller.userId);
    return { message: SMS_ARCHIVED };
  }
}
