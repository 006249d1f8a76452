import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Building as BuildingView } from '@pm/contracts';
import type { Principal } from '@pm/nest-kit';
import { CallerResolver } from '../../../accounts/caller.js';
import { Building } from '../../building.entity.js';
import { PortfolioCounts } from '../../building.repository.js';
import { toBuildingView } from '../../building.view.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

export const BUILDING_NOT_FOUND = 'Building not found';

@Injectable()
export class GetBuildingHandler {
  constructor(
    private readonly em: EntityManager,
    private readonly callers: CallerResolver,
    private readonly access: PortfolioAccess,
    private readonly counts: PortfolioCounts,
  ) {}

  async execute(principal: Principal, id: string): Promise<BuildingView> {
    const em = this.em.fork();
    const caller = await this.callers.resolve(em, principal);
    const building = await this.access.requireRow(em, caller, Building, id, 'building:read', BUILDING_NOT_FOUND);
    const units = await this.counts.unitsPerBuilding(em, [building.id]);
    return toBuildingView(building, units.get(building.id) ?? 0);
  }
}
