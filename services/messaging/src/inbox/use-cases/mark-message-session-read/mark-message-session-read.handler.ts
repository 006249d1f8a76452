import { Injectable } from '@nestjs/common';
import { MarkMessageSessionRead, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { InboxRepository } from '../../inbox.repository.js';
import { SessionAccess } from '../../session-access.js';

/**
 * Marks a session read for the location's team (read state is shared: the team answers together), which takes
 * `message:send`: a viewer opening a thread does not take it off the queue of those who answer it.
 */
@Injectable()
@UseCase(MarkMessageSessionRead)
export class MarkMessageSessionReadHandler implements UseCaseHandler<typeof MarkMessageSessionRead> {
  constructor(
    private readonly sessions: SessionAccess,
    private readonly inbox: InboxRepository,
  ) {}

  async handle(request: RequestOf<typeof MarkMessageSessionRead>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof MarkMessageSessionRead>> {
    const { locationId } = await this.sessions.require(em, caller, request.id, 'message:send');
    await this.inbox.markRead(em, request.id, caller.userId);
    return { unreadCount: await this.inbox.unreadCount(em, locationId) };
  }
}
