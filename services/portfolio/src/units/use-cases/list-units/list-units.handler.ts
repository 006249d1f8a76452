import { Injectable } from '@nestjs/common';
import { ListUnits, type Unit as UnitView, type RequestOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { Building } from '../../../buildings/building.entity.js';
import { PortfolioCounts } from '../../../buildings/building.repository.js';
import { BUILDING_NOT_FOUND } from '../../../buildings/use-cases/get-building/get-building.handler.js';
import { Unit } from '../../unit.entity.js';
import { toUnitView } from '../../unit.view.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

@Injectable()
@UseCase(ListUnits)
export class ListUnitsHandler implements UseCaseHandler<typeof ListUnits> {
  constructor(
    private readonly access: PortfolioAccess,
    private readonly counts: PortfolioCounts,
  ) {}

  async handle({ buildingId }: RequestOf<typeof ListUnits>, { em, caller }: UseCaseContext): Promise<UnitView[]> {
    const building = await this.access.requireRow(em, caller, Building, buildingId, 'unit:read', BUILDING_NOT_FOUND);
    const units = await em.find(Unit, { buildingId: building.id }, { orderBy: { id: 'asc' } });
    const tenants = await this.counts.tenantsPerUnit(em, units.map((u) => u.id));
    return units.map((u) => toUnitView(u, building, tenants.get(u.id) ?? 0));
  }
}
