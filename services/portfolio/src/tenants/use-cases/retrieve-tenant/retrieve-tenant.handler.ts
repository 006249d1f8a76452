import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '@pm/nest-kit';
import { CallerResolver } from '../../../accounts/caller.js';
import type { Tenant as TenantView } from '@pm/contracts';
import { TENANT_NOT_FOUND } from '../../tenant-mail.js';
import { Tenant } from '../../tenant.entity.js';
import { toTenantViews } from '../../tenant.view.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

/** A past tenant back to active (not primary: the unit may have one already). An active tenant stays as is. */
@Injectable()
export class RetrieveTenantHandler {
  constructor(
    private readonly em: EntityManager,
    private readonly callers: CallerResolver,
    private readonly access: PortfolioAccess,
  ) {}

  async execute(principal: Principal, id: string): Promise<TenantView> {
    return this.em.fork().transactional(async (em) => {
      const caller = await this.callers.resolve(em, principal);
      const tenant = await this.access.requireRow(em, caller, Tenant, id, 'tenant:delete', TENANT_NOT_FOUND);
      if (tenant.isArchived) tenant.retrieve();
      await em.flush();
      return (await toTenantViews(em, [tenant]))[0]!;
    });
  }
}
