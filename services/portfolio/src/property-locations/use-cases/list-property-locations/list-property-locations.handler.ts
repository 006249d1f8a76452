import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { PropertyLocation as PropertyLocationView } from '@pm/contracts';
import type { Principal } from '@pm/nest-kit';
import { CallerResolver } from '../../../accounts/caller.js';
import { toPropertyLocationView } from '../../property-location.view.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

@Injectable()
export class ListPropertyLocationsHandler {
  constructor(
    private readonly em: EntityManager,
    private readonly callers: CallerResolver,
    private readonly access: PortfolioAccess,
  ) {}

  async execute(principal: Principal): Promise<PropertyLocationView[]> {
    const em = this.em.fork();
    const caller = await this.callers.resolve(em, principal);
    return (await this.access.accessible(em, caller)).map(({ location, role }) => toPropertyLocationView(location, role));
  }
}
