import { Injectable } from '@nestjs/common';
import { GetMessageSession, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { InboxRepository } from '../../inbox.repository.js';
import { SessionAccess } from '../../session-access.js';

/** One session with its state (the thread pane's header, or a link to inbox/{id}). */
@Injectable()
@UseCase(GetMessageSession)
export class GetMessageSessionHandler implements UseCaseHandler<typeof GetMessageSession> {
  constructor(
    private readonly sessions: SessionAccess,
    private readonly inbox: InboxRepository,
  ) {}

  async handle(request: RequestOf<typeof GetMessageSession>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof GetMessageSession>> {
    await this.sessions.require(em, caller, request.id, 'message:read');
    return this.inbox.session(em, request.id);
  }
}
