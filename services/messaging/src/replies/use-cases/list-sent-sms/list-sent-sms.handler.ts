import { Injectable } from '@nestjs/common';
import { LocationAccess } from '@pm/access';
import { ListSentSms, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { RepliesRepository } from '../../replies.repository.js';

/** Sent SMS: a page of the location's sends in threads, newest first, each with its delivery state. */
@Injectable()
@UseCase(ListSentSms)
export class ListSentSmsHandler implements UseCaseHandler<typeof ListSentSms> {
  constructor(
    private readonly access: LocationAccess,
    private readonly replies: RepliesRepository,
  ) {}

  async handle(request: RequestOf<typeof ListSentSms>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof ListSentSms>> {
    const { locationId } = await this.access.require(em, caller, request.location_id, 'message:read');
    return this.replies.listSent(em, locationId, { channel: 'sms', filter: request.filter_by, limit: request.limit, cursor: request.cursor });
  }
}
