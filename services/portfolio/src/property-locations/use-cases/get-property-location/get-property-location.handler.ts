import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { PropertyLocation as PropertyLocationView } from '@pm/contracts';
import type { Principal } from '@pm/nest-kit';
import { CallerResolver } from '../../../accounts/caller.js';
import { toPropertyLocationView } from '../../property-location.view.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

@Injectable()
export class GetPropertyLocationHandler {
  constructor(
    private readonly em: EntityManager,
    private readonly callers: CallerResolver,
    private readonly access: PortfolioAccess,
  ) {}

  async execute(principal: Principal, id: string): Promise<PropertyLocationView> {
    const em = this.em.fork();
    const caller = await this.callers.resolve(em, principal);
    // Another account's location answers exactly like a missing one: nothing tells the caller it exists.
    const { location, role } = await this.access.require(em, caller, id, 'location:read');
    return toPropertyLocationView(location, role);
  }
}
