import { Injectable } from '@nestjs/common';
import { LocationAccess } from '@pm/access';
import { ListTickets, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { TicketsRepository } from '../../tickets.repository.js';

/** GET ticket/all: one column of the Tickets board (open or resolved), newest first. */
@Injectable()
@UseCase(ListTickets)
export class ListTicketsHandler implements UseCaseHandler<typeof ListTickets> {
  constructor(
    private readonly access: LocationAccess,
    private readonly tickets: TicketsRepository,
  ) {}

  async handle(request: RequestOf<typeof ListTickets>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof ListTickets>> {
    const { locationId } = await this.access.require(em, caller, request.location_id, 'message:read');
    return this.tickets.list(em, { locationId, status: request.status, limit: request.limit, cursor: request.cursor });
  }
}
