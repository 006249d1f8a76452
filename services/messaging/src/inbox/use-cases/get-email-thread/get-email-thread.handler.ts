import { Injectable } from '@nestjs/common';
import { GetEmailThread, NOT_AN_EMAIL_THREAD, type RequestOf, type ResponseOf } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { GetMessageSessionHandler } from '../get-message-session/get-message-session.handler.js';
import { ListSessionMessagesHandler } from '../list-session-messages/list-session-messages.handler.js';

/** GET email/{externalId}: an e-mail thread, its session and a page of its messages, by the unified calls' use cases. */
@Injectable()
@UseCase(GetEmailThread)
export class GetEmailThreadHandler implements UseCaseHandler<typeof GetEmailThread> {
  constructor(
    private readonly sessions: GetMessageSessionHandler,
    private readonly messages: ListSessionMessagesHandler,
  ) {}

  async handle({ externalId, limit, cursor }: RequestOf<typeof GetEmailThread>, context: UseCaseContext): Promise<ResponseOf<typeof GetEmailThread>> {
    const session = await this.sessions.handle({ id: externalId }, context);
    if (session.type !== 'email') throw new RpcFailure(409, NOT_AN_EMAIL_THREAD);
    return { session, messages: await this.messages.handle({ id: externalId, limit, cursor }, context) };
  }
}
