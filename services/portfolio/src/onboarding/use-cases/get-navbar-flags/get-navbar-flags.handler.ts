import { Injectable } from '@nestjs/common';
import { GetNavbarFlags, type NavbarFlags, type RequestOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
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
@UseCase(GetNavbarFlags)
export class GetNavbarFlagsHandler implements UseCaseHandler<typeof GetNavbarFlags> {
  constructor(
    private readonly callers: CallerResolver,
    private readonly access: PortfolioAccess,
  ) {}

  async handle({ locationId }: RequestOf<typeof GetNavbarFlags>, { em, principal }: UseCaseContext): Promise<NavbarFlags> {
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
