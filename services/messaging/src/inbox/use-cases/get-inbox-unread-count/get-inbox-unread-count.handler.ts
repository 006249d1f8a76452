import { Injectable } from '@nestjs/common';
import { LocationAccess } from '@pm/access';
import { GetInboxUnreadCount, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { InboxRepository } from '../../inbox.repository.js';

/** The navbar's badge: the location's inbound messages nobody of the team has marked read. */
@Injectable()
@UseCase(GetInboxUnreadCount)
export class GetInboxUnreadCountHandler implements UseCaseHandler<typeof GetInboxUnreadCount> {
  constructor(
    private readonly access: LocationAccess,
    private readonly inbox: InboxRepository,
  ) {}

  async handle(request: RequestOf<typeof GetInboxUnreadCount>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof GetInboxUnreadCount>> {
    const { locationId } = await this.access.require(em, caller, request.location_id, 'message:read');
    return { unreadCount: await this.inbox.unreadCount(em, locationId) };
  }
}
