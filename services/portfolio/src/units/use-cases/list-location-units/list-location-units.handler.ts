import { Injectable } from '@nestjs/common';
import { ListLocationUnits, type Unit as UnitView, type RequestOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { Building } from '../../../buildings/building.entity.js';
import { PortfolioCounts } from '../../../buildings/building.repository.js';
import { Unit } from '../../unit.entity.js';
import { toUnitView } from '../../unit.view.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

/** Every unit of a location, oldest first, whatever its building. */
@Injectable()
@UseCase(ListLocationUnits)
export class ListLocationUnitsHandler implements UseCaseHandler<typeof ListLocationUnits> {
  constructor(
    private readonly access: PortfolioAccess,
    private readonly counts: PortfolioCounts,
  ) {}

  async handle({ locationId }: RequestOf<typeof ListLocationUnits>, { em, caller }: UseCaseContext): Promise<UnitView[]> {
    const { location } = await this.access.require(em, caller, locationId, 'unit:read');
    const units = await em.find(Unit, { propertyLocationId: location.id }, { orderBy: { id: 'asc' } });
    const buildings = new Map((await em.find(Building, { propertyLocationId: location.id })).map((b) => [b.id, b]));
    const tenants = await this.counts.tenantsPerUnit(em, units.map((u) => u.id));
    return units.map((u) => toUnitView(u, buildings.get(u.buildingId)!, tenants.get(u.id) ?? 0));
  }
}
