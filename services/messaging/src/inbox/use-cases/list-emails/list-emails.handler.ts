import { Injectable } from '@nestjs/common';
import { ListEmails, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { ListInboxItemsHandler } from '../list-inbox-items/list-inbox-items.handler.js';

/** GET email/all: the Inbound Messages list's use case with the channel fixed to e-mail. */
@Injectable()
@UseCase(ListEmails)
export class ListEmailsHandler implements UseCaseHandler<typeof ListEmails> {
  constructor(private readonly inbox: ListInboxItemsHandler) {}

  handle({ locationId, filterBy, limit, cursor }: RequestOf<typeof ListEmails>, context: UseCaseContext): Promise<ResponseOf<typeof ListEmails>> {
    return this.inbox.handle({ location_id: locationId, from: 'all', filter: filterBy, channel: 'email', limit, cursor }, context);
  }
}
