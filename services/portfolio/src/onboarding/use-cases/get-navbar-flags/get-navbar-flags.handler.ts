import { Injectable } from '@nestjs/common';
import { GetNavbarFlags, planOf, type NavbarFlags, type RequestOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { CallerResolver } from '../../../accounts/caller.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';
import { AccountPlans } from '../../../plans/account-plans.js';

const allShown: NavbarFlags = {
  showCommunicationMenuItems: true,
  showWorkflowsMenuItem: true,
  showPropertyInvoices: true,
  showMaintenanceRequestsMenuItem: true,
};

/**
 * Which sidebar items a property manager sees for one of their locations:
 * - communication (inbox, messages, calls): once the location has its own phone number or e-mail address, the
 *   channels tenants reach it by; before that there is nothing to read. Every plan has it: Free includes inbound
 *   e-mail (what Free lacks, inbound SMS and calls, is a limit of the channels, not a menu);
 * - maintenance requests: for rental properties, where tenants send them, on a plan that has them (Starter upward);
 * - workflows: on a plan that has them (Growth upward); invoices: on a plan that has them (Starter upward).
 * The plan is the location's account's (the owner's; a partner sees the menus the owner pays for), as payments last
 * announced it (`PlanChanged`). An account with no plan record yet (it never reached the subscription checkout, or
 * existed before plans did) keeps the flags it had before plans decided them: workflows and invoices shown.
 * Users who are not managers get every flag true, as the spec has the UI do for them (000 §6).
 * Another account's location is a 404 like an unknown one.
 */
@Injectable()
@UseCase(GetNavbarFlags)
export class GetNavbarFlagsHandler implements UseCaseHandler<typeof GetNavbarFlags> {
  constructor(
    private readonly callers: CallerResolver,
    private readonly access: PortfolioAccess,
    private readonly plans: AccountPlans,
  ) {}

  async handle({ locationId }: RequestOf<typeof GetNavbarFlags>, { em, principal }: UseCaseContext): Promise<NavbarFlags> {
    const caller = await this.callers.resolve(em, principal);
    const { location } = await this.access.require(em, caller, locationId, 'location:read');
    if (caller.accountType !== 'property_manager') return { ...allShown };
    const plan = await this.plans.planOf(em, location.accountId);
    const features = plan ? planOf(plan).features : null;
    return {
      showCommunicationMenuItems: Boolean(location.phone || location.email),
      showWorkflowsMenuItem: features ? features.workflows : true,
      showPropertyInvoices: features ? features.propertyInvoices : true,
      showMaintenanceRequestsMenuItem: location.isRentalProperty && (features ? features.maintenanceRequests : true),
    };
  }
}
