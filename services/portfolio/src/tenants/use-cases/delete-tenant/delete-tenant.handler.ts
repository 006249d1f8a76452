import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '@pm/nest-kit';
import { CallerResolver } from '../../../accounts/caller.js';
import { TENANT_NOT_FOUND } from '../../tenant-mail.js';
import { Tenant } from '../../tenant.entity.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

/** Spec 001 §4: the first delete archives (a past tenant); deleting an archived tenant removes the row for good. */
@Injectable()
export class DeleteTenantHandler {
  constructor(
    private readonly em: EntityManager,
    private readonly callers: CallerResolver,
    private readonly access: PortfolioAccess,
  ) {}

  async execute(principal: Principal, id: string): Promise<{ is_deleted: boolean; unit_id: string }> {
    return this.em.fork().transactional(async (em) => {
      const caller = await this.callers.resolve(em, principal);
      const tenant = await this.access.requireRow(em, caller, Tenant, id, 'tenant:delete', TENANT_NOT_FOUND);
      const deleted = tenant.isArchived;
      if (deleted) em.remove(tenant);
      else tenant.archive();
      await em.flush();
      return { is_deleted: deleted, unit_id: tenant.unitId };
    });
  }
}
