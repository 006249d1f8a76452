import { Injectable } from '@nestjs/common';
import { GetBuilding, type Building as BuildingView, type RequestOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { Building } from '../../building.entity.js';
import { PortfolioCounts } from '../../building.repository.js';
import { toBuildingView } from '../../building.view.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

export const BUILDING_NOT_FOUND = 'Building not found';

@Injectable()
@UseCase(GetBuilding)
export class GetBuildingHandler implements UseCaseHandler<typeof GetBuilding> {
  constructor(
    private readonly access: PortfolioAccess,
    private readonly counts: PortfolioCounts,
  ) {}

  async handle({ id }: RequestOf<typeof GetBuilding>, { em, caller }: UseCaseContext): Promise<BuildingView> {
    const building = await this.access.requireRow(em, caller, Building, id, 'building:read', BUILDING_NOT_FOUND);
    const units = await this.counts.unitsPerBuilding(em, [building.id]);
    return toBuildingView(building, units.get(building.id) ?? 0);
  }
}
