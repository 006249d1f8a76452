import { Injectable } from '@nestjs/common';
import { LocationAccess } from '@pm/access';
import { SearchInbox, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { InboxRepository } from '../../inbox.repository.js';

/** The inbox drawer's search box: the location's sessions whose sender, subject or messages match the text. */
@Injectable()
@UseCase(SearchInbox)
export class SearchInboxHandler implements UseCaseHandler<typeof SearchInbox> {
  constructor(
    private readonly access: LocationAccess,
    private readonly inbox: InboxRepository,
  ) {}

  async handle(request: RequestOf<typeof SearchInbox>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof SearchInbox>> {
    const { locationId } = await this.access.require(em, caller, request.location_id, 'message:read');
    return this.inbox.search(em, locationId, request);
  }
}
