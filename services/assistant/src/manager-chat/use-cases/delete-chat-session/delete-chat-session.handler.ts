import { Injectable } from '@nestjs/common';
import { DeleteChatSession, type RequestOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { ChatSessionsRepository } from '../../chat-sessions.repository.js';

/** DELETE simulation/sessions/{id}: the caller's session and its messages (they cascade); anyone else's is 404. */
@Injectable()
@UseCase(DeleteChatSession)
export class DeleteChatSessionHandler implements UseCaseHandler<typeof DeleteChatSession> {
  constructor(private readonly sessions: ChatSessionsRepository) {}

  async handle({ id }: RequestOf<typeof DeleteChatSession>, { em, caller }: UseCaseContext) {
    const session = await this.sessions.own(em, caller.userId, id);
    // Its messages go with it (on delete cascade).
    em.remove(session);
    await em.flush();
    return { deleted: true as const };
  }
}
