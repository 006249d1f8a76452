import { Injectable } from '@nestjs/common';
import { isUuid, LocationAccess } from '@pm/access';
import { GetInboundCall, INBOUND_CALL_NOT_FOUND, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { InboundCalls } from '../../inbound-calls.repository.js';

/** One call with its transcript; an unknown id and a call of a location out of reach are the same 404. */
@Injectable()
@UseCase(GetInboundCall)
export class GetInboundCallHandler implements UseCaseHandler<typeof GetInboundCall> {
  constructor(
    private readonly access: LocationAccess,
    private readonly calls: InboundCalls,
  ) {}

  async handle(request: RequestOf<typeof GetInboundCall>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof GetInboundCall>> {
    const location = isUuid(request.id) ? await this.calls.callLocation(em, request.id) : null;
    await this.access.requireFor(em, caller, location, 'message:read', INBOUND_CALL_NOT_FOUND);
    return this.calls.get(em, request.id);
  }
}
