import { Injectable } from '@nestjs/common';
import { UpdatePropertyLocation, PropertyLocationUpdated, type PropertyLocation as PropertyLocationView, type RequestOf } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { CallerResolver } from '../../../accounts/caller.js';
import { ensureImplicitHome } from '../../implicit-home.js';
import { validateLocationEdit } from '../../property-location.validation.js';
import { toPropertyLocationView } from '../../property-location.view.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

@Injectable()
@UseCase(UpdatePropertyLocation)
export class UpdatePropertyLocationHandler implements UseCaseHandler<typeof UpdatePropertyLocation> {
  constructor(
    private readonly callers: CallerResolver,
    private readonly access: PortfolioAccess,
  ) {}

  async handle(input: RequestOf<typeof UpdatePropertyLocation>, { em, principal, record }: UseCaseContext): Promise<PropertyLocationView> {
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
    await record(PropertyLocationUpdated, location.eventDetails());
    await em.flush();
    // Turned single-family-like: its implicit building and unit, unless it has them (or buildings of its own) already.
    // Turned multi-unit or commercial: the building it had shows as an ordinary one, with its unit and tenants.
    await ensureImplicitHome(em, location);
    return toPropertyLocationView(location, role);
  }
}
