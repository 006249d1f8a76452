import { Injectable } from '@nestjs/common';
import { ListBuildings, type Building as BuildingView, type RequestOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { listBuildingViews } from '../../building-list.query.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

@Injectable()
@UseCase(ListBuildings)
export class ListBuildingsHandler implements UseCaseHandler<typeof ListBuildings> {
  constructor(private readonly access: PortfolioAccess) {}

  /** Oldest first (ids are UUIDv7). */
  async handle({ location_id: locationId }: RequestOf<typeof ListBuildings>, { em, caller }: UseCaseContext): Promise<BuildingView[]> {
    const { location } = await this.access.require(em, caller, locationId, 'building:read');
    return listBuildingViews(em, location.id);
  }
}
