import { Injectable } from '@nestjs/common';
import { LocationAccess } from '@pm/access';
import { ListConversations, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { ConversationsRepository } from '../../conversations.repository.js';

/** A page of every conversation of the location, vendor and group, most recently active first. */
@Injectable()
@UseCase(ListConversations)
export class ListConversationsHandler implements UseCaseHandler<typeof ListConversations> {
  constructor(
    private readonly access: LocationAccess,
    private readonly conversations: ConversationsRepository,
  ) {}

  async handle(request: RequestOf<typeof ListConversations>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof ListConversations>> {
    const { locationId } = await this.access.require(em, caller, request.location_id, 'message:read');
    return this.conversations.list(em, locationId, { limit: request.limit, cursor: request.cursor });
  }
}
