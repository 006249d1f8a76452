import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '@pm/nest-kit';
import { CallerResolver } from '../../../accounts/caller.js';
import type { Tenant as TenantView } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { TENANT_NOT_FOUND } from '../../tenant-mail.js';
import { Tenant } from '../../tenant.entity.js';
import { toTenantViews } from '../../tenant.view.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

export const ARCHIVED_CANNOT_BE_PRIMARY = 'Archived tenants cannot be primary';

/** One primary tenant per unit (a unique index holds it): the unit's other tenants lose primary first. */
@Injectable()
export class SetPrimaryTenantHandler {
  constructor(
    private readonly em: EntityManager,
    private readonly callers: CallerResolver,
    private readonly access: PortfolioAccess,
  ) {}

  async execute(principal: Principal, id: string): Promise<TenantView> {
    return this.em.fork().transactional(async (em) => {
      const caller = await this.callers.resolve(em, principal);
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
    });
  }
}
