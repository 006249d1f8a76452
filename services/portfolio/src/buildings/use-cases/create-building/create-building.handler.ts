import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { BuildingCreated, type Building as BuildingView, type CreateBuilding, type RequestOf } from '@pm/contracts';
import { recordEvent, RpcFailure } from '@pm/messaging';
import type { Principal } from '@pm/nest-kit';
import { v7 as uuidv7 } from 'uuid';
import { CallerResolver } from '../../../accounts/caller.js';
import { Building } from '../../building.entity.js';
import { validateNewBuilding } from '../../building.validation.js';
import { toBuildingView } from '../../building.view.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

@Injectable()
export class CreateBuildingHandler {
  constructor(
    private readonly em: EntityManager,
    private readonly callers: CallerResolver,
    private readonly access: PortfolioAccess,
  ) {}

  /** The spec's three messages come first (the location is one of the form's fields), then access to that location. */
  async execute(principal: Principal, input: RequestOf<typeof CreateBuilding>): Promise<BuildingView> {
    const result = validateNewBuilding(input);
    if (!result.ok) throw RpcFailure.badRequest(result.message);
    return this.em.fork().transactional(async (em) => {
      const caller = await this.callers.resolve(em, principal);
      const { location } = await this.access.require(em, caller, result.value.propertyLocationId, 'building:write');
      const now = new Date();
      const building = em.create(Building, {
        id: uuidv7(),
        accountId: location.accountId,
        propertyLocationId: location.id,
        name: result.value.name,
        addressText: result.value.addressText,
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
