import { Injectable } from '@nestjs/common';
import { isUuid } from '@pm/access';
import { ListResidentSessionMessages, MESSAGE_SESSION_NOT_FOUND, type RequestOf, type ResponseOf } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { Directory } from '../../../directory/directory.js';
import { InboxRepository } from '../../../inbox/inbox.repository.js';
import { residentEmail } from '../../resident-email.js';

/**
 * A thread of the resident's own; any other session is 404, as one that does not exist. What the team sent carries
 * no sender of its own (a reply is the property's, whoever of the team approved it), so the resident sees it signed
 * with the property's name.
 */
@Injectable()
@UseCase(ListResidentSessionMessages)
export class ListResidentSessionMessagesHandler implements UseCaseHandler<typeof ListResidentSessionMessages> {
  constructor(
    private readonly inbox: InboxRepository,
    private readonly directory: Directory,
  ) {}

  async handle(request: RequestOf<typeof ListResidentSessionMessages>, { em, principal }: UseCaseContext): Promise<ResponseOf<typeof ListResidentSessionMessages>> {
    const email = residentEmail(principal);
    if (!email || !isUuid(request.id) || !(await this.inbox.isResidentSession(em, request.id, email))) throw new RpcFailure(404, MESSAGE_SESSION_NOT_FOUND, 'not_found');
    const page = await this.inbox.listMessages(em, request.id, request);
    if (!page.items.some((message) => message.direction === 'outbound' && message.sender_name === null)) return page;
    const location = await this.inbox.sessionLocation(em, request.id);
    const property = location ? await this.directory.nameOf(em, location.propertyLocationId) : null;
    if (!property) return page;
    return { ...page, items: page.items.map((message) => (message.direction === 'outbound' && message.sender_name === null ? { ...message, sender_name: property } : message)) };
  }
}
