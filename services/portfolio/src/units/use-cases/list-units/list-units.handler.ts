import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Unit as UnitView } from '@pm/contracts';
import type { Principal } from '@pm/nest-kit';
import { CallerResolver } from '../../../accounts/caller.js';
import { Building } from '../../../buildings/building.entity.js';
import { PortfolioCounts } from '../../../buildings/building.repository.js';
import { BUILDING_NOT_FOUND } from '../../../buildings/use-cases/get-building/get-building.handler.js';
import { Unit } from '../../unit.entity.js';
import { toUnitView } from '../../unit.view.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

@Injectable()
export class ListUnitsHandler {
  constructor(
    private readonly em: EntityManager,
    private readonly callers: CallerResolver,
    private readonly access: PortfolioAccess,
    private readonly counts: PortfolioCounts,
  ) {}

  async execute(principal: Principal, buildingId: string): Promise<UnitView[]> {
    const em = this.em.fork();
    const caller = await this.callers.resolve(em, principal);
    const building = await this.access.requireRow(em, caller, Building, buildingId, 'unit:read', BUILDING_NOT_FOUND);
    const units = await em.find(Unit, { buildingId: building.id }, { orderBy: { id: 'asc' } });
    const tenants = await this.counts.tenantsPerUnit(em, units.map((u) => u.id));
    return units.map((u) => toUnitView(u, building, tenants.get(u.id) ?? 0));
  }
}
