import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Building as BuildingView } from '@pm/contracts';
import type { Principal } from '@pm/nest-kit';
import { CallerResolver } from '../../../accounts/caller.js';
import { listBuildingViews } from '../../building-list.query.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

@Injectable()
export class ListBuildingsHandler {
  constructor(
    private readonly em: EntityManager,
    private readonly callers: CallerResolver,
    private readonly access: PortfolioAccess,
  ) {}

  /** Oldest first (ids are UUIDv7). */
  async execute(principal: Principal, locationId: string): Promise<BuildingView[]> {
    const em = this.em.fork();
    const caller = await this.callers.resolve(em, principal);
    const { location } = await this.access.require(em, caller, locationId, 'building:read');
    return listBuildingViews(em, location.id);
  }
}
