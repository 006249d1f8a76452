import { Injectable } from '@nestjs/common';
import { ListEmailSessions, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { ListMessageSessionsHandler } from '../list-message-sessions/list-message-sessions.handler.js';

/** GET email-session/all: the session drawer's use case with the channel fixed to e-mail. */
@Injectable()
@UseCase(ListEmailSessions)
export class ListEmailSessionsHandler implements UseCaseHandler<typeof ListEmailSessions> {
  constructor(private readonly sessions: ListMessageSessionsHandler) {}

  handle(request: RequestOf<typeof ListEmailSessions>, context: UseCaseContext): Promise<ResponseOf<typeof ListEmailSessions>> {
    return this.sessions.handle({ ...request, channel: 'email' }, context);
  }
}
