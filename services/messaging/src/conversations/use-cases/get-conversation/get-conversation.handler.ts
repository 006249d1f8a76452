import { Injectable } from '@nestjs/common';
import { GetConversation, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { InboxRepository } from '../../../inbox/inbox.repository.js';
import { ConversationAccess } from '../../conversation-access.js';
import { ConversationsRepository } from '../../conversations.repository.js';

/** One conversation with the first page of its thread (the conversation is a session: its thread pages on as one). */
@Injectable()
@UseCase(GetConversation)
export class GetConversationHandler implements UseCaseHandler<typeof GetConversation> {
  constructor(
    private readonly access: ConversationAccess,
    private readonly conversations: ConversationsRepository,
    private readonly inbox: InboxRepository,
  ) {}

  async handle(request: RequestOf<typeof GetConversation>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof GetConversation>> {
    await this.access.require(em, caller, request.conversation_sid, 'message:read');
    const conversation = await this.conversations.view(em, request.conversation_sid);
    return { ...conversation, messages: await this.inbox.listMessages(em, request.conversation_sid, { limit: 50 }) };
  }
}
