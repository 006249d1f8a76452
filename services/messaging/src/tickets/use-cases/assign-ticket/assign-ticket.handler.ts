import { Injectable } from '@nestjs/common';
import { LocationAccess } from '@pm/access';
import { AssignTicket, can, TICKET_ASSIGNED, TICKET_ASSIGNEE_NOT_MANAGER, type RequestOf, type ResponseOf } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { TicketAccess } from '../../ticket-access.js';
import { TicketsRepository } from '../../tickets.repository.js';

/**
 * POST ticket/{id}/assign { managerId }: to a user who answers the location's messages (its owner, an admin or a
 * manager of it, by messaging's grants projection), or unassigned with null. `managerId` is the user's id (a partner's
 * `user_id`, or the owner's): only a person with a user can open the ticket they are given.
 */
@Injectable()
@UseCase(AssignTicket)
export class AssignTicketHandler implements UseCaseHandler<typeof AssignTicket> {
  constructor(
    private readonly access: TicketAccess,
    private readonly locations: LocationAccess,
    private readonly tickets: TicketsRepository,
  ) {}

  async handle(request: RequestOf<typeof AssignTicket>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof AssignTicket>> {
    const ticket = await this.access.require(em, caller, request.id, 'message:send');
    if (request.managerId !== null) {
      // An account's owner is the user whose id is the account's; a partner is found by their user on that account.
      const grant = await this.locations.grant(em, { userId: request.managerId, accountId: request.managerId }, ticket.propertyLocationId);
      if (!grant || grant.accountId !== ticket.accountId || !can(grant.role, 'message:send')) throw RpcFailure.badRequest(TICKET_ASSIGNEE_NOT_MANAGER);
    }
    await this.tickets.assign(em, ticket, request.managerId, caller.userId);
    return { message: TICKET_ASSIGNED, ticket: await this.tickets.view(em, ticket.id) };
  }
}
