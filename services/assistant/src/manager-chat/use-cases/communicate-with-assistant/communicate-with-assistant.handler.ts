import { Injectable } from '@nestjs/common';
import { CommunicateWithAssistant, type RequestOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { ManagerChat } from '../../manager-chat.js';

/** POST simulation/communicate: a message to the manager's AI chat, answered and kept in the caller's session. */
@Injectable()
@UseCase(CommunicateWithAssistant)
export class CommunicateWithAssistantHandler implements UseCaseHandler<typeof CommunicateWithAssistant> {
  constructor(private readonly chat: ManagerChat) {}

  handle(request: RequestOf<typeof CommunicateWithAssistant>, context: UseCaseContext) {
    return this.chat.communicate(request, context);
  }
}
