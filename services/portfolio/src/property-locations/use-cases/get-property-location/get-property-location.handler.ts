import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { PropertyLocation as PropertyLocationView } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import type { Principal } from '@pm/nest-kit';
import { CallerResolver } from '../../../accounts/caller.js';
import { PropertyLocationRepository } from '../../property-location.repository.js';
import { toPropertyLocationView } from '../../property-location.view.js';

export const LOCATION_NOT_FOUND = 'Property location not found';

@Injectable()
export class GetPropertyLocationHandler {
  constructor(
    private readonly em: EntityManager,
    private readonly callers: CallerResolver,
    private readonly locations: PropertyLocationRepository,
  ) {}

  async execute(principal: Principal, id: string): Promise<PropertyLocationView> {
    const em = this.em.fork();
    const caller = await this.callers.resolve(em, principal);
    const location = await this.locations.findForAccount(em, caller.accountId, id);
    // Another account's location answers exactly like a missing one: nothing tells the caller it exists.
    if (!location) throw RpcFailure.notFound(LOCATION_NOT_FOUND);
    return toPropertyLocationView(location);
  }
}
