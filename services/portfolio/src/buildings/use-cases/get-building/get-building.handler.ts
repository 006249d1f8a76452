import { Injectable } from '@nestjs/common';
import { isUuid, LocationAccess } from '@pm/access';
import { GetBuilding, type Building as BuildingView, type RequestOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { findBuildingView } from '../../building-list.query.js';

export const BUILDING_NOT_FOUND = 'Building not found';

/** One query: the building with its units count; the caller's grant on its location is usually remembered. */
@Injectable()
@UseCase(GetBuilding, { readOnly: true })
export class GetBuildingHandler implements UseCaseHandler<typeof GetBuilding> {
  constructor(private readonly access: LocationAccess) {}

  async handle({ id }: RequestOf<typeof GetBuilding>, { em, caller }: UseCaseContext): Promise<BuildingView> {
    const building = isUuid(id) ? await findBuildingView(em, id) : null;
    await this.access.requireFor(em, caller, building && { propertyLocationId: building.property_location_id }, 'building:read', BUILDING_NOT_FOUND);
    return building!;
  }
}
