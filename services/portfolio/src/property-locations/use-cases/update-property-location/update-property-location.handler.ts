import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { PropertyLocationUpdated, type PropertyLocation as PropertyLocationView, type RequestOf, type UpdatePropertyLocation } from '@pm/contracts';
import { recordEvent, RpcFailure } from '@pm/messaging';
import type { Principal } from '@pm/nest-kit';
import { CallerResolver } from '../../../accounts/caller.js';
import { validateLocationEdit } from '../../property-location.validation.js';
import { toPropertyLocationView } from '../../property-location.view.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

@Injectable()
export class UpdatePropertyLocationHandler {
  constructor(
    private readonly em: EntityManager,
    private readonly callers: CallerResolver,
    private readonly access: PortfolioAccess,
  ) {}

  async execute(principal: Principal, input: RequestOf<typeof UpdatePropertyLocation>): Promise<PropertyLocationView> {
    return this.em.fork().transactional(async (em) => {
      const caller = await this.callers.resolve(em, principal);
      // Ownership before validation: another account's id is a 404 whatever the body says.
      const { location, role } = await this.access.require(em, caller, input.id, 'location:update');
      const current = {
        name: location.name,
        addressText: location.addressText,
        type: location.type ?? null,
        declaredUnitsCount: location.declaredUnitsCount ?? null,
        isRentalProperty: location.isRentalProperty,
        metadata: location.metadata,
      };
      const result = validateLocationEdit(input, current, caller.campaign);
      if (!result.ok) throw RpcFailure.badRequest(result.message);
      location.applyDetails(result.details);
      recordEvent(em, PropertyLocationUpdated, location.eventDetails());
      await em.flush();
      return toPropertyLocationView(location, role);
    });
  }
}
