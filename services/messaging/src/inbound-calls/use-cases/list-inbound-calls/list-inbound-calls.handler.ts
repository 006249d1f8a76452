import { Injectable } from '@nestjs/common';
import { LocationAccess } from '@pm/access';
import { ListInboundCalls, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { InboundCalls } from '../../inbound-calls.repository.js';

/** The Inbound Calls list: a page of the location's calls, newest first, each with its transcript. */
@Injectable()
@UseCase(ListInboundCalls)
export class ListInboundCallsHandler implements UseCaseHandler<typeof ListInboundCalls> {
  constructor(
    private readonly access: LocationAccess,
    private readonly calls: InboundCalls,
  ) {}

  async handle(request: RequestOf<typeof ListInboundCalls>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof ListInboundCalls>> {
    const { locationId } = await this.access.require(em, caller, request.location_id, 'message:read');
    return this.calls.list(em, locationId, request);
  }
}
