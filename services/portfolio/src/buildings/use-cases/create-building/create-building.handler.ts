import { Injectable } from '@nestjs/common';
import { CreateBuilding, BuildingCreated, type Building as BuildingView, type RequestOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { v7 as uuidv7 } from 'uuid';
import { Building } from '../../building.entity.js';
import { toBuildingView } from '../../building.view.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

@Injectable()
@UseCase(CreateBuilding)
export class CreateBuildingHandler implements UseCaseHandler<typeof CreateBuilding> {
  constructor(private readonly access: PortfolioAccess) {}

  /** The contract answers the spec's three messages (the location is one of the form's fields); then access to that location. */
  async handle(input: RequestOf<typeof CreateBuilding>, { em, caller, record }: UseCaseContext): Promise<BuildingView> {
    const { location } = await this.access.require(em, caller, input.property_location_id, 'building:write');
    const now = new Date();
    const building = em.create(Building, {
      id: uuidv7(),
      accountId: location.accountId,
      propertyLocationId: location.id,
      name: input.name,
      addressText: input.address_text,
      createdAt: now,
      updatedAt: now,
    });
    await record(BuildingCreated, { buildingId: building.id, name: building.name, ...location.scope() });
    await em.flush();
    return toBuildingView(building, 0);
  }
}
