import { Injectable } from '@nestjs/common';
import { LocationAccess } from '@pm/access';
import { ListInboxItems, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { InboxRepository } from '../../inbox.repository.js';

/** The Inbound Messages list: a page of the location's inbound messages, newest first, filtered as asked. */
@Injectable()
@UseCase(ListInboxItems)
export class ListInboxItemsHandler implements UseCaseHandler<typeof ListInboxItems> {
  constructor(
    private readonly access: LocationAccess,
    private readonly inbox: InboxRepository,
  ) {}

  async handle(request: RequestOf<typeof ListInboxItems>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof ListInboxItems>> {
    const { locationId } = await this.access.require(em, caller, request.location_id, 'message:read');
    return this.inbox.listItems(em, locationId, request);
  }
}
