import { Injectable } from '@nestjs/common';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { RetrieveTenant, TenantUpdated, type Tenant as TenantView, type RequestOf } from '@pm/contracts';
import { TENANT_NOT_FOUND } from '../../tenant-mail.js';
import { Tenant } from '../../tenant.entity.js';
import { toTenantViews } from '../../tenant.view.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

/** A past tenant back to active (not primary: the unit may have one already). An active tenant stays as is. */
@Injectable()
@UseCase(RetrieveTenant)
export class RetrieveTenantHandler implements UseCaseHandler<typeof RetrieveTenant> {
  constructor(private readonly access: PortfolioAccess) {}

  async handle({ id }: RequestOf<typeof RetrieveTenant>, { em, caller, record }: UseCaseContext): Promise<TenantView> {
    const tenant = await this.access.requireRow(em, caller, Tenant, id, 'tenant:delete', TENANT_NOT_FOUND);
    if (tenant.isArchived) {
      tenant.retrieve();
      await record(TenantUpdated, tenant.updatedEvent(tenant.grant.location.scope()));
    }
    await em.flush();
    return (await toTenantViews(em, [tenant]))[0]!;
  }
}
