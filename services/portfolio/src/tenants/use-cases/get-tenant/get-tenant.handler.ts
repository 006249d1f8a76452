import { Injectable } from '@nestjs/common';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { GetTenant, type Tenant as TenantView, type RequestOf } from '@pm/contracts';
import { TENANT_NOT_FOUND } from '../../tenant-mail.js';
import { Tenant } from '../../tenant.entity.js';
import { toTenantViews } from '../../tenant.view.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

@Injectable()
@UseCase(GetTenant)
export class GetTenantHandler implements UseCaseHandler<typeof GetTenant> {
  constructor(private readonly access: PortfolioAccess) {}

  async handle({ id }: RequestOf<typeof GetTenant>, { em, caller }: UseCaseContext): Promise<TenantView> {
    const tenant = await this.access.requireRow(em, caller, Tenant, id, 'tenant:read', TENANT_NOT_FOUND);
    return (await toTenantViews(em, [tenant]))[0]!;
  }
}
