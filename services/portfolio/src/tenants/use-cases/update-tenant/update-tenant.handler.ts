import { Injectable } from '@nestjs/common';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { TenantUpdated, UpdateTenant, type RequestOf, type Tenant as TenantView } from '@pm/contracts';
import { TENANT_NOT_FOUND } from '../../tenant-mail.js';
import { Tenant } from '../../tenant.entity.js';
import { toTenantViews } from '../../tenant.view.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

@Injectable()
@UseCase(UpdateTenant)
export class UpdateTenantHandler implements UseCaseHandler<typeof UpdateTenant> {
  constructor(private readonly access: PortfolioAccess) {}

  async handle(input: RequestOf<typeof UpdateTenant>, { em, caller, record }: UseCaseContext): Promise<TenantView> {
    const tenant = await this.access.requireRow(em, caller, Tenant, input.id, 'tenant:write', TENANT_NOT_FOUND);
    tenant.applyDetails({ fullName: input.full_name, contacts: input.contacts });
    await record(TenantUpdated, tenant.updatedEvent(tenant.grant.location.scope()));
    await em.flush();
    return (await toTenantViews(em, [tenant]))[0]!;
  }
}
