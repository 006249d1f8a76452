import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { EmailTemplatesModule } from '../email-templates/email-templates.module.js';
import { OnUserRegisteredConsumer } from './on-user-registered.consumer.js';
import { TenantRpc } from './tenant.rpc.js';
import { CreateTenantHandler } from './use-cases/create-tenant/create-tenant.handler.js';
import { DeleteTenantHandler } from './use-cases/delete-tenant/delete-tenant.handler.js';
import { GetInviteTemplateHandler } from './use-cases/get-invite-template/get-invite-template.handler.js';
import { GetTenantHandler } from './use-cases/get-tenant/get-tenant.handler.js';
import { InviteTenantsHandler } from './use-cases/invite-tenants/invite-tenants.handler.js';
import { LinkTenantUserHandler } from './use-cases/link-tenant-user/link-tenant-user.handler.js';
import { ListLocationTenantsHandler } from './use-cases/list-location-tenants/list-location-tenants.handler.js';
import { ListUnitTenantsHandler } from './use-cases/list-unit-tenants/list-unit-tenants.handler.js';
import { RetrieveTenantHandler } from './use-cases/retrieve-tenant/retrieve-tenant.handler.js';
import { SetPrimaryTenantHandler } from './use-cases/set-primary-tenant/set-primary-tenant.handler.js';
import { UpdateTenantMetadataHandler } from './use-cases/update-tenant-metadata/update-tenant-metadata.handler.js';
import { UpdateTenantHandler } from './use-cases/update-tenant/update-tenant.handler.js';

/** Tenants of units: the lists, the Add/Edit/Archive/Retrieve dialogs, lease facts, invitations, account linking. */
@Module({
  imports: [AccountsModule, EmailTemplatesModule],
  controllers: [TenantRpc, OnUserRegisteredConsumer],
  providers: [
    ListUnitTenantsHandler,
    ListLocationTenantsHandler,
    GetTenantHandler,
    CreateTenantHandler,
    UpdateTenantHandler,
    DeleteTenantHandler,
    RetrieveTenantHandler,
    SetPrimaryTenantHandler,
    UpdateTenantMetadataHandler,
    GetInviteTemplateHandler,
    InviteTenantsHandler,
    LinkTenantUserHandler,
  ],
})
export class TenantsModule {}
