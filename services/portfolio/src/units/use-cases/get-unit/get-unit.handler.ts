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

export const UNIT_NOT_FOUND = 'Unit not found';

@Injectable()
export class GetUnitHandler {
  constructor(
    private readonly em: EntityManager,
    private readonly callers: CallerResolver,
    private readonly access: PortfolioAccess,
    private readonly counts: PortfolioCounts,
  ) {}

  async execute(principal: Principal, id: string): Promise<UnitView> {
    const em = this.em.fork();
    const caller = await this.callers.resolve(em, principal);
    const unit = await this.access.requireRow(em, caller, Unit, id, 'unit:read', UNIT_NOT_FOUND);
    const building = await em.findOneOrFail(Building, { id: unit.buildingId });
    const tenants = await this.counts.tenantsPerUnit(em, [unit.id]);
    return toUnitView(unit, building, tenants.get(unit.id) ?? 0);
  }
}
