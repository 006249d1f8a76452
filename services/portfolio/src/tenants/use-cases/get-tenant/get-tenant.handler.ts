import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '@pm/nest-kit';
import { CallerResolver } from '../../../accounts/caller.js';
import type { Tenant as TenantView } from '@pm/contracts';
import { TENANT_NOT_FOUND } from '../../tenant-mail.js';
import { Tenant } from '../../tenant.entity.js';
import { toTenantViews } from '../../tenant.view.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

@Injectable()
export class GetTenantHandler {
  constructor(
    private readonly em: EntityManager,
    private readonly callers: CallerResolver,
    private readonly access: PortfolioAccess,
  ) {}

  async execute(principal: Principal, id: string): Promise<TenantView> {
    const em = this.em.fork();
    const caller = await this.callers.resolve(em, principal);
    const tenant = await this.access.requireRow(em, caller, Tenant, id, 'tenant:read', TENANT_NOT_FOUND);
    return (await toTenantViews(em, [tenant]))[0]!;
  }
}
