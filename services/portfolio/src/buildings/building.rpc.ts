import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  CreateBuilding,
  GetBuilding,
  GetBuildingSignature,
  ListBuildingContacts,
  ListBuildingEmailTemplates,
  ListBuildings,
  UpdateBuildingEmailTemplate,
  UpdateBuildingSignature,
  type RequestOf,
  type ResponseOf,
} from '@pm/contracts';
import { OnRequest } from '@pm/messaging';
import { CurrentPrincipal, type Principal } from '@pm/nest-kit';
import { CreateBuildingHandler } from './use-cases/create-building/create-building.handler.js';
import { GetBuildingSignatureHandler } from './use-cases/get-building-signature/get-building-signature.handler.js';
import { GetBuildingHandler } from './use-cases/get-building/get-building.handler.js';
import { ListBuildingContactsHandler } from './use-cases/list-building-contacts/list-building-contacts.handler.js';
import { ListBuildingEmailTemplatesHandler } from './use-cases/list-building-email-templates/list-building-email-templates.handler.js';
import { ListBuildingsHandler } from './use-cases/list-buildings/list-buildings.handler.js';
import { UpdateBuildingEmailTemplateHandler } from './use-cases/update-building-email-template/update-building-email-template.handler.js';
import { UpdateBuildingSignatureHandler } from './use-cases/update-building-signature/update-building-signature.handler.js';

@Controller()
export class BuildingRpc {
  constructor(
    private readonly list: ListBuildingsHandler,
    private readonly create: CreateBuildingHandler,
    private readonly get: GetBuildingHandler,
    private readonly contacts: ListBuildingContactsHandler,
    private readonly templates: ListBuildingEmailTemplatesHandler,
    private readonly updateTemplate: UpdateBuildingEmailTemplateHandler,
    private readonly signature: GetBuildingSignatureHandler,
    private readonly updateSignature: UpdateBuildingSignatureHandler,
  ) {}

  @OnRequest(ListBuildings)
  onList(@Payload() request: RequestOf<typeof ListBuildings>, @CurrentPrincipal() principal: Principal): Promise<ResponseOf<typeof ListBuildings>> {
    return this.list.execute(principal, request.location_id);
  }

  @OnRequest(CreateBuilding)
  onCreate(@Payload() request: RequestOf<typeof CreateBuilding>, @CurrentPrincipal() principal: Principal): Promise<ResponseOf<typeof CreateBuilding>> {
    return this.create.execute(principal, request);
  }

  @OnRequest(GetBuilding)
  onGet(@Payload() request: RequestOf<typeof GetBuilding>, @CurrentPrincipal() principal: Principal): Promise<ResponseOf<typeof GetBuilding>> {
    return this.get.execute(principal, request.id);
  }

  @OnRequest(ListBuildingContacts)
  onContacts(
    @Payload() request: RequestOf<typeof ListBuildingContacts>,
    @CurrentPrincipal() principal: Principal,
  ): Promise<ResponseOf<typeof ListBuildingContacts>> {
    return this.contacts.execute(principal, request.id);
  }

  @OnRequest(ListBuildingEmailTemplates)
  onTemplates(
    @Payload() request: RequestOf<typeof ListBuildingEmailTemplates>,
    @CurrentPrincipal() principal: Principal,
  ): Promise<ResponseOf<typeof ListBuildingEmailTemplates>> {
    return this.templates.execute(principal, request.id);
  }

  @OnRequest(UpdateBuildingEmailTemplate)
  onUpdateTemplate(
    @Payload() request: RequestOf<typeof UpdateBuildingEmailTemplate>,
    @CurrentPrincipal() principal: Principal,
  ): Promise<ResponseOf<typeof UpdateBuildingEmailTemplate>> {
    return this.updateTemplate.execute(principal, request);
  }

  @OnRequest(GetBuildingSignature)
  onSignature(
    @Payload() request: RequestOf<typeof GetBuildingSignature>,
    @CurrentPrincipal() principal: Principal,
  ): Promise<ResponseOf<typeof GetBuildingSignature>> {
    return this.signature.execute(principal, request.id);
  }

  @OnRequest(UpdateBuildingSignature)
  onUpdateSignature(
    @Payload() request: RequestOf<typeof UpdateBuildingSignature>,
    @CurrentPrincipal() principal: Principal,
  ): Promise<ResponseOf<typeof UpdateBuildingSignature>> {
    return this.updateSignature.execute(principal, request.id, request.signature);
  }
}
