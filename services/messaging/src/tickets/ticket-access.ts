import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { isUuid, LocationAccess, type AccessCaller } from '@pm/access';
import { TICKET_NOT_FOUND, type Permission } from '@pm/contracts';
import { TicketsRepository, type TicketScope } from './tickets.repository.js';

/** A ticket by id, decided by the shared rule on its location: unknown or out of reach 404, no permission 403. */
@Injectable()
export class TicketAccess {
  constructor(
    private readonly access: LocationAccess,
    private readonly tickets: TicketsRepository,
  ) {}

  async require(em: EntityManager, caller: AccessCaller, ticketId: string, permission: Permission): Promise<TicketScope> {
    const ticket = isUuid(ticketId) ? await this.tickets.scope(em, ticketId) : null;
    return (await this.access.requireFor(em, caller, ticket, permission, TICKET_NOT_FOUND)).row;
  }
}
