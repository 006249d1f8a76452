import { Injectable } from '@nestjs/common';
import { LocationAccess } from '@pm/access';
import { ListBuildings, type Building as BuildingView, type RequestOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { listBuildingViews } from '../../building-list.query.js';

@Injectable()
@UseCase(ListBuildings, { readOnly: true })
export class ListBuildingsHandler implements UseCaseHandler<typeof ListBuildings> {
  constructor(private readonly access: LocationAccess) {}

  /** Oldest first (ids are UUIDv7). */
  async handle({ location_id: locationId }: RequestOf<typeof ListBuildings>, { em, caller }: UseCaseContext): Promise<BuildingView[]> {
    const grant = await this.access.require(em, caller, locationId, 'building:read');
    return listBuildingViews(em, grant.locationId);
  }
}
