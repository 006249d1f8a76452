import { Module } from '@nestjs/common';
import { OnUserRegisteredConsumer } from './on-user-registered.consumer.js';
import { LinkTenantUserHandler } from './use-cases/link-tenant-user/link-tenant-user.handler.js';

/** Links tenants to the users who register with their e-mail; the tenant requests themselves are use cases. */
@Module({ controllers: [OnUserRegisteredConsumer], providers: [LinkTenantUserHandler] })
export class TenantsModule {}
