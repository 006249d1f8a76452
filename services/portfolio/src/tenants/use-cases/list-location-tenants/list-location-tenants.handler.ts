import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Tenant as TenantView } from '@pm/contracts';
import type { Principal } from '@pm/nest-kit';
import { LocationAccess } from '../../../access/location-access.js';
import { CallerResolver } from '../../../accounts/caller.js';
import { Tenant } from '../../tenant.entity.js';
import { toTenantViews } from '../../tenant.view.js';

/** The location's active tenants (oldest first), or its past ones (most recently archived first). */
@Injectable()
export class ListLocationTenantsHandler {
  constructor(
    private readonly em: EntityManager,
    private readonly callers: CallerResolver,
    private readonly access: LocationAccess,
  ) {}

  async execute(principal: Principal, locationId: string, archived: boolean): Promise<TenantView[]> {
    const em = this.em.fork();
    const caller = await this.callers.resolve(em, principal);
    const { location } = await this.access.require(em, caller, locationId, 'tenant:read');
    const tenants = await em.find(
      Tenant,
      { propertyLocationId: location.id, isArchived: archived },
      { orderBy: archived ? { archivedAt: 'desc', id: 'asc' } : { id: 'asc' } },
    );
    return toTenantViews(em, tenants);
  }
}
