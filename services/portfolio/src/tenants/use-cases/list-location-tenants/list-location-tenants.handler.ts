import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { ListLocationTenants, RequestOf, ResponseOf } from '@pm/contracts';
import type { Principal } from '@pm/nest-kit';
import { CallerResolver } from '../../../accounts/caller.js';
import { listTenantPage } from '../../tenant-list.query.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

/** A page of the location's active tenants (oldest first), or of its past ones (most recently archived first). */
@Injectable()
export class ListLocationTenantsHandler {
  constructor(
    private readonly em: EntityManager,
    private readonly callers: CallerResolver,
    private readonly access: PortfolioAccess,
  ) {}

  async execute(principal: Principal, request: RequestOf<typeof ListLocationTenants>): Promise<ResponseOf<typeof ListLocationTenants>> {
    const em = this.em.fork();
    const caller = await this.callers.resolve(em, principal);
    const { location } = await this.access.require(em, caller, request.locationId, 'tenant:read');
    return listTenantPage(em, { locationId: location.id }, request.archived, request);
  }
}
