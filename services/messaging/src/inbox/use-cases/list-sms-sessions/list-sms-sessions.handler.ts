import { Injectable } from '@nestjs/common';
import { ListSmsSessions, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { ListMessageSessionsHandler } from '../list-message-sessions/list-message-sessions.handler.js';

/** GET sms-session/all: the session drawer's use case with the channel fixed to SMS. */
@Injectable()
@UseCase(ListSmsSessions)
export class ListSmsSessionsHandler implements UseCaseHandler<typeof ListSmsSessions> {
  constructor(private readonly sessions: ListMessageSessionsHandler) {}

  handle(request: RequestOf<typeof ListSmsSessions>, context: UseCaseContext): Promise<ResponseOf<typeof ListSmsSessions>> {
    return this.sessions.handle({ ...request, channel: 'sms' }, context);
  }
}
