import { Injectable } from '@nestjs/common';
import { GetChatSession, type RequestOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { ChatSessionsRepository, messageView, sessionView } from '../../chat-sessions.repository.js';

/** GET simulation/sessions/{id}: one of the caller's sessions and its messages; anyone else's is 404. */
@Injectable()
@UseCase(GetChatSession)
export class GetChatSessionHandler implements UseCaseHandler<typeof GetChatSession> {
  constructor(private readonly sessions: ChatSessionsRepository) {}

  async handle({ id }: RequestOf<typeof GetChatSession>, { em, caller }: UseCaseContext) {
    const session = await this.sessions.own(em, caller.userId, id);
    return { session: sessionView(session), messages: (await this.sessions.messages(em, session.id)).map(messageView) };
  }
}
