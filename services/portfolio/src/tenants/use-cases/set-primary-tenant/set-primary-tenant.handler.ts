import { Injectable } from '@nestjs/common';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { SetPrimaryTenant, type Tenant as TenantView, type RequestOf } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { TENANT_NOT_FOUND } from '../../tenant-mail.js';
import { Tenant } from '../../tenant.entity.js';
import { toTenantViews } from '../../tenant.view.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

export const ARCHIVED_CANNOT_BE_PRIMARY = 'Archived tenants cannot be primary';

/** One primary tenant per unit (a unique index holds it): the unit's other tenants lose primary first. */
@Injectable()
@UseCase(SetPrimaryTenant)
export class SetPrimaryTenantHandler implements UseCaseHandler<typeof SetPrimaryTenant> {
  constructor(private readonly access: PortfolioAccess) {}

  async handle({ id }: RequestOf<typeof SetPrimaryTenant>, { em, caller }: UseCaseContext): Promise<TenantView> {
    const tenant = await this.access.requireRow(em, caller, Tenant, id, 'tenant:write', TENANT_NOT_FOUND);
    if (tenant.isArchived) throw RpcFailure.badRequest(ARCHIVED_CANNOT_BE_PRIMARY);
    if (!tenant.isPrimary) {
      const now = new Date();
      await em.nativeUpdate(Tenant, { unitId: tenant.unitId, isPrimary: true, id: { $ne: tenant.id } }, { isPrimary: false, updatedAt: now });
      tenant.isPrimary = true;
      tenant.updatedAt = now;
      await em.flush();
    }
    return (await toTenantViews(em, [tenant]))[0]!;
  }
}
