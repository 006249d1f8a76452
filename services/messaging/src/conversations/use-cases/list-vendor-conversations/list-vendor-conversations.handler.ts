import { Injectable } from '@nestjs/common';
import { LocationAccess } from '@pm/access';
import { ListVendorConversations, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { ConversationsRepository } from '../../conversations.repository.js';

/** A page of the location's vendor conversations, most recently active first. */
@Injectable()
@UseCase(ListVendorConversations)
export class ListVendorConversationsHandler implements UseCaseHandler<typeof ListVendorConversations> {
  constructor(
    private readonly access: LocationAccess,
    private readonly conversations: ConversationsRepository,
  ) {}

  async handle(request: RequestOf<typeof ListVendorConversations>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof ListVendorConversations>> {
    const { locationId } = await this.access.require(em, caller, request.location_id, 'message:read');
    return this.conversations.list(em, locationId, { kind: 'vendor', limit: request.limit, cursor: request.cursor });
  }
}
