import { Injectable } from '@nestjs/common';
import { ArchiveConversation, CONVERSATION_ARCHIVED, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { ConversationAccess } from '../../conversation-access.js';
import { ConversationsRepository } from '../../conversations.repository.js';

/** POST conversation/{conversationSid}/archive: a vendor or group conversation done. */
@Injectable()
@UseCase(ArchiveConversation)
export class ArchiveConversationHandler implements UseCaseHandler<typeof ArchiveConversation> {
  constructor(
    private readonly access: ConversationAccess,
    private readonly conversations: ConversationsRepository,
  ) {}

  async handle(request: RequestOf<typeof ArchiveConversation>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof ArchiveConversation>> {
    await this.access.require(em, caller, request.conversationSid, 'message:send');
    await this.conversations.archive(em, request.conversationSid, caller.userId);
    return { message: CONVERSATION_ARCHIVED, conversation: await this.conversations.view(em, request.conversationSid) };
  }
}
