import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  AddPartner,
  ListEmergencyContacts,
  ListPartners,
  RemovePartner,
  UpdatePartner,
  type RequestOf,
  type ResponseOf,
} from '@pm/contracts';
import { OnRequest } from '@pm/messaging';
import { CurrentPrincipal, type Principal } from '@pm/nest-kit';
import { AddPartnerHandler } from './use-cases/add-partner/add-partner.handler.js';
import { ListPartnersHandler } from './use-cases/list-partners/list-partners.handler.js';
import { RemovePartnerHandler } from './use-cases/remove-partner/remove-partner.handler.js';
import { UpdatePartnerHandler } from './use-cases/update-partner/update-partner.handler.js';

/** Request/reply adapters: the contract has parsed the payload, the guard has verified the caller's token. */
@Controller()
export class PartnersRpc {
  constructor(
    private readonly list: ListPartnersHandler,
    private readonly add: AddPartnerHandler,
    private readonly update: UpdatePartnerHandler,
    private readonly remove: RemovePartnerHandler,
  ) {}

  @OnRequest(ListPartners)
  onList(@Payload() request: RequestOf<typeof ListPartners>, @CurrentPrincipal() principal: Principal): Promise<ResponseOf<typeof ListPartners>> {
    return this.list.execute(principal, request.location_id);
  }

  @OnRequest(ListEmergencyContacts)
  onListEmergencyContacts(
    @Payload() request: RequestOf<typeof ListEmergencyContacts>,
    @CurrentPrincipal() principal: Principal,
  ): Promise<ResponseOf<typeof ListEmergencyContacts>> {
    return this.list.execute(principal, request.location_id, true);
  }

  @OnRequest(AddPartner)
  onAdd(@Payload() request: RequestOf<typeof AddPartner>, @CurrentPrincipal() principal: Principal): Promise<ResponseOf<typeof AddPartner>> {
    return this.add.execute(principal, request);
  }

  @OnRequest(UpdatePartner)
  onUpdate(@Payload() request: RequestOf<typeof UpdatePartner>, @CurrentPrincipal() principal: Principal): Promise<ResponseOf<typeof UpdatePartner>> {
    return this.update.execute(principal, request);
  }

  @OnRequest(RemovePartner)
  onRemove(@Payload() request: RequestOf<typeof RemovePartner>, @CurrentPrincipal() principal: Principal): Promise<ResponseOf<typeof RemovePartner>> {
    return this.remove.execute(principal, request.id, request.location_id);
  }
}
