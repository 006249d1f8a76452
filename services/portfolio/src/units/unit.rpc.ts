import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { CreateUnit, GetUnit, ListLocationUnits, ListUnits, type RequestOf, type ResponseOf } from '@pm/contracts';
import { OnRequest } from '@pm/messaging';
import { CurrentPrincipal, type Principal } from '@pm/nest-kit';
import { CreateUnitHandler } from './use-cases/create-unit/create-unit.handler.js';
import { GetUnitHandler } from './use-cases/get-unit/get-unit.handler.js';
import { ListLocationUnitsHandler } from './use-cases/list-location-units/list-location-units.handler.js';
import { ListUnitsHandler } from './use-cases/list-units/list-units.handler.js';

@Controller()
export class UnitRpc {
  constructor(
    private readonly list: ListUnitsHandler,
    private readonly listByLocation: ListLocationUnitsHandler,
    private readonly create: CreateUnitHandler,
    private readonly get: GetUnitHandler,
  ) {}

  @OnRequest(ListUnits)
  onList(@Payload() request: RequestOf<typeof ListUnits>, @CurrentPrincipal() principal: Principal): Promise<ResponseOf<typeof ListUnits>> {
    return this.list.execute(principal, request.buildingId);
  }

  @OnRequest(ListLocationUnits)
  onListByLocation(
    @Payload() request: RequestOf<typeof ListLocationUnits>,
    @CurrentPrincipal() principal: Principal,
  ): Promise<ResponseOf<typeof ListLocationUnits>> {
    return this.listByLocation.execute(principal, request.locationId);
  }

  @OnRequest(CreateUnit)
  onCreate(@Payload() request: RequestOf<typeof CreateUnit>, @CurrentPrincipal() principal: Principal): Promise<ResponseOf<typeof CreateUnit>> {
    return this.create.execute(principal, request);
  }

  @OnRequest(GetUnit)
  onGet(@Payload() request: RequestOf<typeof GetUnit>, @CurrentPrincipal() principal: Principal): Promise<ResponseOf<typeof GetUnit>> {
    return this.get.execute(principal, request.id);
  }
}
