import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '@pm/nest-kit';
import { CallerResolver } from '../../../accounts/caller.js';
import type { RequestOf, Tenant as TenantView, UpdateTenant } from '@pm/contracts';
import { TENANT_NOT_FOUND } from '../../tenant-mail.js';
import { Tenant } from '../../tenant.entity.js';
import { toTenantViews } from '../../tenant.view.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

@Injectable()
export class UpdateTenantHandler {
  constructor(
    private readonly em: EntityManager,
    private readonly callers: CallerResolver,
    private readonly access: PortfolioAccess,
  ) {}

  async execute(principal: Principal, input: RequestOf<typeof UpdateTenant>): Promise<TenantView> {
    return this.em.fork().transactional(async (em) => {
      const caller = await this.callers.resolve(em, principal);
      const tenant = await this.access.requireRow(em, caller, Tenant, input.id, 'tenant:write', TENANT_NOT_FOUND);
      tenant.applyDetails({ fullName: input.full_name, contacts: input.contacts });
      await em.flush();
      return (await toTenantViews(em, [tenant]))[0]!;
    });
  }
}
