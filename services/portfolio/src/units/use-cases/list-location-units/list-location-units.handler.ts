import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Unit as UnitView } from '@pm/contracts';
import type { Principal } from '@pm/nest-kit';
import { CallerResolver } from '../../../accounts/caller.js';
import { Building } from '../../../buildings/building.entity.js';
import { PortfolioCounts } from '../../../buildings/building.repository.js';
import { Unit } from '../../unit.entity.js';
import { toUnitView } from '../../unit.view.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

/** Every unit of a location, oldest first, whatever its building. */
@Injectable()
export class ListLocationUnitsHandler {
  constructor(
    private readonly em: EntityManager,
    private readonly callers: CallerResolver,
    private readonly access: PortfolioAccess,
    private readonly counts: PortfolioCounts,
  ) {}

  async execute(principal: Principal, locationId: string): Promise<UnitView[]> {
    const em = this.em.fork();
    const caller = await this.callers.resolve(em, principal);
    const { location } = await this.access.require(em, caller, locationId, 'unit:read');
    const units = await em.find(Unit, { propertyLocationId: location.id }, { orderBy: { id: 'asc' } });
    const buildings = new Map((await em.find(Building, { propertyLocationId: location.id })).map((b) => [b.id, b]));
    const tenants = await this.counts.tenantsPerUnit(em, units.map((u) => u.id));
    return units.map((u) => toUnitView(u, buildings.get(u.buildingId)!, tenants.get(u.id) ?? 0));
  }
}
