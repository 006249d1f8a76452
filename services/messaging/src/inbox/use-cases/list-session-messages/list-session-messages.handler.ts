import { Injectable } from '@nestjs/common';
import { ListSessionMessages, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { InboxRepository } from '../../inbox.repository.js';
import { SessionAccess } from '../../session-access.js';

/** A session's thread, a page at a time from the newest message back. */
@Injectable()
@UseCase(ListSessionMessages)
export class ListSessionMessagesHandler implements UseCaseHandler<typeof ListSessionMessages> {
  constructor(
    private readonly sessions: SessionAccess,
    private readonly inbox: InboxRepository,
  ) {}

  async handle(request: RequestOf<typeof ListSessionMessages>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof ListSessionMessages>> {
    await this.sessions.require(em, caller, request.id, 'message:read');
    return this.inbox.listMessages(em, request.id, request);
  }
}
