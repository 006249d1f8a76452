import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { BuildingCreated, type Building as BuildingView, type CreateBuilding, type RequestOf } from '@pm/contracts';
import { recordEvent } from '@pm/messaging';
import type { Principal } from '@pm/nest-kit';
import { v7 as uuidv7 } from 'uuid';
import { CallerResolver } from '../../../accounts/caller.js';
import { Building } from '../../building.entity.js';
import { toBuildingView } from '../../building.view.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

@Injectable()
export class CreateBuildingHandler {
  constructor(
    private readonly em: EntityManager,
    private readonly callers: CallerResolver,
    private readonly access: PortfolioAccess,
  ) {}

  /** The contract answers the spec's three messages (the location is one of the form's fields); then access to that location. */
  async execute(principal: Principal, input: RequestOf<typeof CreateBuilding>): Promise<BuildingView> {
    return this.em.fork().transactional(async (em) => {
      const caller = await this.callers.resolve(em, principal);
      const { location } = await this.access.require(em, caller, input.property_location_id, 'building:write');
      const now = new Date();
      const building = em.create(Building, {
        id: uuidv7(),
        accountId: location.accountId,
        propertyLocationId: location.id,
        name: input.name,
        addressText: input.address_text,
        signature: null,
        createdAt: now,
        updatedAt: now,
      });
      recordEvent(em, BuildingCreated, { buildingId: building.id, ...location.scope() });
      await em.flush();
      return toBuildingView(building, 0);
    });
  }
}
