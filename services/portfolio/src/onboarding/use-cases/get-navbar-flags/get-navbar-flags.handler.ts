import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { NavbarFlags } from '@pm/contracts';
import type { Principal } from '@pm/nest-kit';
import { CallerResolver } from '../../../accounts/caller.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

const allShown: NavbarFlags = {
  showCommunicationMenuItems: true,
  showWorkflowsMenuItem: true,
  showPropertyInvoices: true,
  showMaintenanceRequestsMenuItem: true,
};

/**
 * Which sidebar items a property manager sees for one of their locations:
 * - communication (inbox, messages, calls): once the location has its own phone number or e-mail address, the
 *   channels tenants reach it by; before that there is nothing to read;
 * - maintenance requests: for rental properties, where tenants send them;
 * - workflows and invoices: always (plan limits arrive with billing and will narrow these).
 * Users who are not managers get every flag true, as the spec has the UI do for them (000 §6).
 * Another account's location is a 404 like an unknown one.
 */
@Injectable()
export class GetNavbarFlagsHandler {
  constructor(
    private readonly em: EntityManager,
    private readonly callers: CallerResolver,
    private readonly access: PortfolioAccess,
  ) {}

  async execute(principal: Principal, locationId: string): Promise<NavbarFlags> {
    const em = this.em.fork();
    const caller = await this.callers.resolve(em, principal);
    const { location } = await this.access.require(em, caller, locationId, 'location:read');
    if (caller.accountType !== 'property_manager') return { ...allShown };
    return {
      showCommunicationMenuItems: Boolean(location.phone || location.email),
      showWorkflowsMenuItem: true,
      showPropertyInvoices: true,
      showMaintenanceRequestsMenuItem: location.isRentalProperty,
    };
  }
}
