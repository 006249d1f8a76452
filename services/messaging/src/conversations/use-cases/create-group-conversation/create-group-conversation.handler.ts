import { Injectable } from '@nestjs/common';
import { LocationAccess } from '@pm/access';
import { CONVERSATION_PHONE_NOT_FOUND, CreateGroupConversation, GROUP_CONVERSATION_CREATED, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { ConversationsRepository } from '../../conversations.repository.js';

/**
 * POST group: a group conversation from a number of one of the caller's locations. The number decides the location;
 * a number no location has and one of a location out of the caller's reach answer the same 404.
 */
@Injectable()
@UseCase(CreateGroupConversation)
export class CreateGroupConversationHandler implements UseCaseHandler<typeof CreateGroupConversation> {
  constructor(
    private readonly access: LocationAccess,
    private readonly conversations: ConversationsRepository,
  ) {}

  async handle(request: RequestOf<typeof CreateGroupConversation>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof CreateGroupConversation>> {
    const number = await this.conversations.numberLocation(em, request.propertyPhone);
    const { locationId, accountId } = await this.access.require(em, caller, number?.locationId, 'message:send', CONVERSATION_PHONE_NOT_FOUND);
    const id = await this.conversations.createGroup(em, {
      locationId,
      accountId,
      friendlyName: request.friendlyName,
      propertyPhone: request.propertyPhone,
      participants: request.participants.map((p) => p.phoneNumber),
      actor: caller.userId,
    });
    return { message: GROUP_CONVERSATION_CREATED, conversation: await this.conversations.view(em, id) };
  }
}
