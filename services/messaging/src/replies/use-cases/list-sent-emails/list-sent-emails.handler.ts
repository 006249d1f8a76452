import { Injectable } from '@nestjs/common';
import { LocationAccess } from '@pm/access';
import { ListSentEmails, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { RepliesRepository } from '../../replies.repository.js';

/** Sent E-mails: a page of the location's sends in threads, newest first, each with its delivery state. */
@Injectable()
@UseCase(ListSentEmails)
export class ListSentEmailsHandler implements UseCaseHandler<typeof ListSentEmails> {
  constructor(
    private readonly access: LocationAccess,
    private readonly replies: RepliesRepository,
  ) {}

  async handle(request: RequestOf<typeof ListSentEmails>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof ListSentEmails>> {
    const { locationId } = await this.access.require(em, caller, request.location_id, 'message:read');
    return this.replies.listSent(em, locationId, { channel: 'email', filter: request.filter_by, limit: request.limit, cursor: request.cursor });
  }
}
