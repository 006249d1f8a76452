import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  CreatePropertyLocation,
  GetPropertyLocation,
  ListPropertyLocations,
  UpdatePropertyLocation,
  type RequestOf,
  type ResponseOf,
} from '@pm/contracts';
import { OnRequest } from '@pm/messaging';
import { CurrentPrincipal, type Principal } from '@pm/nest-kit';
import { CreatePropertyLocationHandler } from './use-cases/create-property-location/create-property-location.handler.js';
import { GetPropertyLocationHandler } from './use-cases/get-property-location/get-property-location.handler.js';
import { ListPropertyLocationsHandler } from './use-cases/list-property-locations/list-property-locations.handler.js';
import { UpdatePropertyLocationHandler } from './use-cases/update-property-location/update-property-location.handler.js';

/** Request/reply adapters: the contract has parsed the payload, the guard has verified the caller's token. */
@Controller()
export class PropertyLocationRpc {
  constructor(
    private readonly create: CreatePropertyLocationHandler,
    private readonly list: ListPropertyLocationsHandler,
    private readonly get: GetPropertyLocationHandler,
    private readonly update: UpdatePropertyLocationHandler,
  ) {}

  @OnRequest(CreatePropertyLocation)
  async onCreate(
    @Payload() request: RequestOf<typeof CreatePropertyLocation>,
    @CurrentPrincipal() principal: Principal,
  ): Promise<ResponseOf<typeof CreatePropertyLocation>> {
    return this.create.execute(principal, request);
  }

  @OnRequest(ListPropertyLocations)
  async onList(
    @Payload() _request: RequestOf<typeof ListPropertyLocations>,
    @CurrentPrincipal() principal: Principal,
  ): Promise<ResponseOf<typeof ListPropertyLocations>> {
    return this.list.execute(principal);
  }

  @OnRequest(GetPropertyLocation)
  async onGet(
    @Payload() request: RequestOf<typeof GetPropertyLocation>,
    @CurrentPrincipal() principal: Principal,
  ): Promise<ResponseOf<typeof GetPropertyLocation>> {
    return this.get.execute(principal, request.id);
  }

  @OnRequest(UpdatePropertyLocation)
  async onUpdate(
    @Payload() request: RequestOf<typeof UpdatePropertyLocation>,
    @CurrentPrincipal() principal: Principal,
  ): Promise<ResponseOf<typeof UpdatePropertyLocation>> {
    return this.update.execute(principal, request);
  }
}
