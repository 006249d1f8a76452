import { Injectable } from '@nestjs/common';
import { DeleteTenant, TenantDeleted, TenantUpdated, type RequestOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { TENANT_NOT_FOUND } from '../../tenant-mail.js';
import { Tenant } from '../../tenant.entity.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

/** Spec 001 §4: the first delete archives (a past tenant); deleting an archived tenant removes the row for good. */
@Injectable()
@UseCase(DeleteTenant)
export class DeleteTenantHandler implements UseCaseHandler<typeof DeleteTenant> {
  constructor(private readonly access: PortfolioAccess) {}

  async handle({ id }: RequestOf<typeof DeleteTenant>, { em, caller, record }: UseCaseContext): Promise<{ is_deleted: boolean; unit_id: string }> {
    const tenant = await this.access.requireRow(em, caller, Tenant, id, 'tenant:delete', TENANT_NOT_FOUND);
    const deleted = tenant.isArchived;
    const scope = tenant.grant.location.scope();
    if (deleted) {
      em.remove(tenant);
      await record(TenantDeleted, tenant.deletedEvent(scope));
    } else {
      tenant.archive();
      await record(TenantUpdated, tenant.updatedEvent(scope));
    }
    await em.flush();
    return { is_deleted: deleted, unit_id: tenant.unitId };
  }
}
