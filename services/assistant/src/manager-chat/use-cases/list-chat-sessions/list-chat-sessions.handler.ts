import { Injectable } from '@nestjs/common';
import { ListChatSessions, type RequestOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { ChatSessionsRepository } from '../../chat-sessions.repository.js';

/** GET simulation/sessions: the caller's own sessions, most recent first. */
@Injectable()
@UseCase(ListChatSessions)
export class ListChatSessionsHandler implements UseCaseHandler<typeof ListChatSessions> {
  constructor(private readonly sessions: ChatSessionsRepository) {}

  handle({ chat_type, limit, cursor }: RequestOf<typeof ListChatSessions>, { em, caller }: UseCaseContext) {
    return this.sessions.page(em, caller.userId, { chatType: chat_type, limit, cursor });
  }
}
