import { Injectable } from '@nestjs/common';
import { ResolveTicket, TICKET_RESOLVED, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { TicketAccess } from '../../ticket-access.js';
import { TicketsRepository } from '../../tickets.repository.js';

/** POST ticket/{id}/resolve: resolved for good (spec 001 §4: a resolved ticket never reopens); again, nothing changes. */
@Injectable()
@UseCase(ResolveTicket)
export class ResolveTicketHandler implements UseCaseHandler<typeof ResolveTicket> {
  constructor(
    private readonly access: TicketAccess,
    private readonly tickets: TicketsRepository,
  ) {}

  async handle(request: RequestOf<typeof ResolveTicket>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof ResolveTicket>> {
    const ticket = await this.access.require(em, caller, request.id, 'message:send');
    await this.tickets.resolve(em, ticket, caller.userId);
    return { message: TICKET_RESOLVED, ticket: await this.tickets.view(em, ticket.id) };
  }
}
