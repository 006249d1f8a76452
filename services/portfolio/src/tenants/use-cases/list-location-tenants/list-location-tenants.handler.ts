import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Tenant as TenantView } from '@pm/contracts';
import type { Principal } from '@pm/nest-kit';
import { CallerResolver } from '../../../accounts/caller.js';
import { listTenantViews } from '../../tenant-list.query.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

/** The location's active tenants (oldest first), or its past ones (most recently archived first). */
@Injectable()
export class ListLocationTenantsHandler {
  constructor(
    private readonly em: EntityManager,
    private readonly callers: CallerResolver,
    private readonly access: PortfolioAccess,
  ) {}

  async execute(principal: Principal, locationId: string, archived: boolean): Promise<TenantView[]> {
    const em = this.em.fork();
    const caller = await this.callers.resolve(em, principal);
    const { location } = await this.access.require(em, caller, locationId, 'tenant:read');
    return listTenantViews(em, { locationId: location.id }, archived);
  }
}
