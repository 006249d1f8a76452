import { Injectable } from '@nestjs/common';
import { LocationAccess } from '@pm/access';
import { ListMessageSessions, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { InboxRepository } from '../../inbox.repository.js';

/** The inbox's session drawer: a page of the location's sessions, the most recently active first. */
@Injectable()
@UseCase(ListMessageSessions)
export class ListMessageSessionsHandler implements UseCaseHandler<typeof ListMessageSessions> {
  constructor(
    private readonly access: LocationAccess,
    private readonly inbox: InboxRepository,
  ) {}

  async handle(request: RequestOf<typeof ListMessageSessions>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof ListMessageSessions>> {
    const { locationId } = await this.access.require(em, caller, request.location_id, 'message:read');
    return this.inbox.listSessions(em, locationId, request);
  }
}
