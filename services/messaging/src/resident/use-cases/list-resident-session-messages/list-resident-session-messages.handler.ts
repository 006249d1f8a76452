import { Injectable } from '@nestjs/common';
import { isUuid } from '@pm/access';
import { ListResidentSessionMessages, MESSAGE_SESSION_NOT_FOUND, type RequestOf, type ResponseOf } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { InboxRepository } from '../../../inbox/inbox.repository.js';
import { residentEmail } from '../../resident-email.js';

/** A thread of the resident's own; any other session is 404, as one that does not exist. */
@Injectable()
@UseCase(ListResidentSessionMessages)
export class ListResidentSessionMessagesHandler implements UseCaseHandler<typeof ListResidentSessionMessages> {
  constructor(private readonly inbox: InboxRepository) {}

  async handle(request: RequestOf<typeof ListResidentSessionMessages>, { em, principal }: UseCaseContext): Promise<ResponseOf<typeof ListResidentSessionMessages>> {
    const email = residentEmail(principal);
    if (!email || !isUuid(request.id) || !(await this.inbox.isResidentSession(em, request.id, email))) throw new RpcFailure(404, MESSAGE_SESSION_NOT_FOUND, 'not_found');
    return this.inbox.listMessages(em, request.id, request);
  }
}
