import { Injectable } from '@nestjs/common';
import { ArchiveVendorConversation, CONVERSATION_ARCHIVED, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { ConversationAccess } from '../../conversation-access.js';
import { ConversationsRepository } from '../../conversations.repository.js';

/** POST conversation/vendor/{conversation_sid}/archive: the spec's vendor-only route to the same archive (a group's id is 404 here). */
@Injectable()
@UseCase(ArchiveVendorConversation)
export class ArchiveVendorConversationHandler implements UseCaseHandler<typeof ArchiveVendorConversation> {
  constructor(
    private readonly access: ConversationAccess,
    private readonly conversations: ConversationsRepository,
  ) {}

  async handle(request: RequestOf<typeof ArchiveVendorConversation>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof ArchiveVendorConversation>> {
    await this.access.require(em, caller, request.conversation_sid, 'message:send', 'vendor');
    await this.conversations.archive(em, request.conversation_sid, caller.userId);
    return { message: CONVERSATION_ARCHIVED, conversation: await this.conversations.view(em, request.conversation_sid) };
  }
}
