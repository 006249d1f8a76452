import { Injectable } from '@nestjs/common';
import { GetUnit, type Unit as UnitView, type RequestOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { Building } from '../../../buildings/building.entity.js';
import { PortfolioCounts } from '../../../buildings/building.repository.js';
import { Unit } from '../../unit.entity.js';
import { toUnitView } from '../../unit.view.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

export const UNIT_NOT_FOUND = 'Unit not found';

@Injectable()
@UseCase(GetUnit)
export class GetUnitHandler implements UseCaseHandler<typeof GetUnit> {
  constructor(
    private readonly access: PortfolioAccess,
    private readonly counts: PortfolioCounts,
  ) {}

  async handle({ id }: RequestOf<typeof GetUnit>, { em, caller }: UseCaseContext): Promise<UnitView> {
    const unit = await this.access.requireRow(em, caller, Unit, id, 'unit:read', UNIT_NOT_FOUND);
    const building = await em.findOneOrFail(Building, { id: unit.buildingId });
    const tenants = await this.counts.tenantsPerUnit(em, [unit.id]);
    return toUnitView(unit, building, tenants.get(unit.id) ?? 0);
  }
}
