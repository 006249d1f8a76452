import { Injectable } from '@nestjs/common';
import { CreateUnit, UnitCreated, type RequestOf, type Unit as UnitView } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { v7 as uuidv7 } from 'uuid';
import { Building } from '../../../buildings/building.entity.js';
import { BUILDING_NOT_FOUND } from '../../../buildings/use-cases/get-building/get-building.handler.js';
import { Unit } from '../../unit.entity.js';
import { toUnitView } from '../../unit.view.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';
import { PlanLimits } from '../../../plans/plan-limits.js';

@Injectable()
@UseCase(CreateUnit)
export class CreateUnitHandler implements UseCaseHandler<typeof CreateUnit> {
  constructor(
    private readonly access: PortfolioAccess,
    private readonly limits: PlanLimits,
  ) {}

  /** The name is the contract's (400 before anything); then the building (404); then the plan's units (409 `plan_limit`). */
  async handle(input: RequestOf<typeof CreateUnit>, { em, caller, record }: UseCaseContext): Promise<UnitView> {
    const building = await this.access.requireRow(em, caller, Building, input.building_id, 'unit:write', BUILDING_NOT_FOUND);
    const { location } = building.grant;
    await this.limits.requireUnitRoom(em, location.accountId);
    const now = new Date();
    const unit = em.create(Unit, {
      id: uuidv7(),
      accountId: location.accountId,
      propertyLocationId: location.id,
      buildingId: building.id,
      name: input.name,
      createdAt: now,
      updatedAt: now,
    });
    await record(UnitCreated, {
      unitId: unit.id,
      buildingId: building.id,
      name: unit.name,
      ...location.scope(),
    });
    await em.flush();
    return toUnitView(unit, building, 0);
  }
}
