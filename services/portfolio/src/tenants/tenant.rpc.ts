import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  CreateTenant,
  DeleteTenant,
  GetInviteTemplate,
  GetTenant,
  InviteTenants,
  ListLocationTenants,
  ListUnitTenants,
  RetrieveTenant,
  SetPrimaryTenant,
  UpdateTenant,
  UpdateTenantMetadata,
  type RequestOf,
  type ResponseOf,
  type RpcContract,
} from '@pm/contracts';
import { OnRequest } from '@pm/messaging';
import { CurrentPrincipal, type Principal } from '@pm/nest-kit';
import { CreateTenantHandler } from './use-cases/create-tenant/create-tenant.handler.js';
import { DeleteTenantHandler } from './use-cases/delete-tenant/delete-tenant.handler.js';
import { GetInviteTemplateHandler } from './use-cases/get-invite-template/get-invite-template.handler.js';
import { GetTenantHandler } from './use-cases/get-tenant/get-tenant.handler.js';
import { InviteTenantsHandler } from './use-cases/invite-tenants/invite-tenants.handler.js';
import { ListLocationTenantsHandler } from './use-cases/list-location-tenants/list-location-tenants.handler.js';
import { ListUnitTenantsHandler } from './use-cases/list-unit-tenants/list-unit-tenants.handler.js';
import { RetrieveTenantHandler } from './use-cases/retrieve-tenant/retrieve-tenant.handler.js';
import { SetPrimaryTenantHandler } from './use-cases/set-primary-tenant/set-primary-tenant.handler.js';
import { UpdateTenantMetadataHandler } from './use-cases/update-tenant-metadata/update-tenant-metadata.handler.js';
import { UpdateTenantHandler } from './use-cases/update-tenant/update-tenant.handler.js';

type In<C extends RpcContract> = RequestOf<C>;

@Controller()
export class TenantRpc {
  constructor(
    private readonly listByUnit: ListUnitTenantsHandler,
    private readonly listByLocation: ListLocationTenantsHandler,
    private readonly get: GetTenantHandler,
    private readonly create: CreateTenantHandler,
    private readonly update: UpdateTenantHandler,
    private readonly remove: DeleteTenantHandler,
    private readonly retrieve: RetrieveTenantHandler,
    private readonly setPrimary: SetPrimaryTenantHandler,
    private readonly updateMetadata: UpdateTenantMetadataHandler,
    private readonly inviteTemplate: GetInviteTemplateHandler,
    private readonly invite: InviteTenantsHandler,
  ) {}

  @OnRequest(ListUnitTenants)
  onListByUnit(@Payload() r: In<typeof ListUnitTenants>, @CurrentPrincipal() p: Principal): Promise<ResponseOf<typeof ListUnitTenants>> {
    return this.listByUnit.execute(p, r);
  }

  @OnRequest(ListLocationTenants)
  onListByLocation(@Payload() r: In<typeof ListLocationTenants>, @CurrentPrincipal() p: Principal): Promise<ResponseOf<typeof ListLocationTenants>> {
    return this.listByLocation.execute(p, r);
  }

  @OnRequest(GetTenant)
  onGet(@Payload() r: In<typeof GetTenant>, @CurrentPrincipal() p: Principal): Promise<ResponseOf<typeof GetTenant>> {
    return this.get.execute(p, r.id);
  }

  @OnRequest(CreateTenant)
  onCreate(@Payload() r: In<typeof CreateTenant>, @CurrentPrincipal() p: Principal): Promise<ResponseOf<typeof CreateTenant>> {
    return this.create.execute(p, r);
  }

  @OnRequest(UpdateTenant)
  onUpdate(@Payload() r: In<typeof UpdateTenant>, @CurrentPrincipal() p: Principal): Promise<ResponseOf<typeof UpdateTenant>> {
    return this.update.execute(p, r);
  }

  @OnRequest(DeleteTenant)
  onDelete(@Payload() r: In<typeof DeleteTenant>, @CurrentPrincipal() p: Principal): Promise<ResponseOf<typeof DeleteTenant>> {
    return this.remove.execute(p, r.id);
  }

  @OnRequest(RetrieveTenant)
  onRetrieve(@Payload() r: In<typeof RetrieveTenant>, @CurrentPrincipal() p: Principal): Promise<ResponseOf<typeof RetrieveTenant>> {
    return this.retrieve.execute(p, r.id);
  }

  @OnRequest(SetPrimaryTenant)
  onSetPrimary(@Payload() r: In<typeof SetPrimaryTenant>, @CurrentPrincipal() p: Principal): Promise<ResponseOf<typeof SetPrimaryTenant>> {
    return this.setPrimary.execute(p, r.id);
  }

  @OnRequest(UpdateTenantMetadata)
  onUpdateMetadata(@Payload() r: In<typeof UpdateTenantMetadata>, @CurrentPrincipal() p: Principal): Promise<ResponseOf<typeof UpdateTenantMetadata>> {
    return this.updateMetadata.execute(p, r);
  }

  @OnRequest(GetInviteTemplate)
  onInviteTemplate(@Payload() r: In<typeof GetInviteTemplate>, @CurrentPrincipal() p: Principal): Promise<ResponseOf<typeof GetInviteTemplate>> {
    return this.inviteTemplate.execute(p, r.buildingId);
  }

  @OnRequest(InviteTenants)
  onInvite(@Payload() r: In<typeof InviteTenants>, @CurrentPrincipal() p: Principal): Promise<ResponseOf<typeof InviteTenants>> {
    return this.invite.execute(p, r);
  }
}
