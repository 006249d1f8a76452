import { Injectable } from '@nestjs/common';
import { CONVERSATION_MESSAGE_SENT, SendConversationMessage, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { ConversationAccess } from '../../conversation-access.js';
import { ConversationsRepository } from '../../conversations.repository.js';

/** POST conversation/{id}/send: the team's message to every participant (the vendor), through the outbox. */
@Injectable()
@UseCase(SendConversationMessage)
export class SendConversationMessageHandler implements UseCaseHandler<typeof SendConversationMessage> {
  constructor(
    private readonly access: ConversationAccess,
    private readonly conversations: ConversationsRepository,
  ) {}

  async handle(request: RequestOf<typeof SendConversationMessage>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof SendConversationMessage>> {
    await this.access.require(em, caller, request.id, 'message:send');
    const sent = await this.conversations.send(em, request.id, request.content, caller.userId);
    return { message: CONVERSATION_MESSAGE_SENT, conversation_message: sent.message, recipients: sent.recipients };
  }
}
