import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '@pm/nest-kit';
import { CallerResolver } from '../../../accounts/caller.js';
import type { RequestOf, Tenant as TenantView, UpdateTenantMetadata } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { TENANT_NOT_FOUND } from '../../tenant-mail.js';
import { Tenant } from '../../tenant.entity.js';
import { mergeLease } from '../../tenant.validation.js';
import { toTenantViews } from '../../tenant.view.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

/** Lease start and end and the rent; metadata.lease_end and the lease_end_date column change together. */
@Injectable()
export class UpdateTenantMetadataHandler {
  constructor(
    private readonly em: EntityManager,
    private readonly callers: CallerResolver,
    private readonly access: PortfolioAccess,
  ) {}

  async execute(principal: Principal, input: RequestOf<typeof UpdateTenantMetadata>): Promise<TenantView> {
    return this.em.fork().transactional(async (em) => {
      const caller = await this.callers.resolve(em, principal);
      const tenant = await this.access.requireRow(em, caller, Tenant, input.id, 'tenant:write', TENANT_NOT_FOUND);
      const lease = mergeLease(input, tenant.metadata);
      if (!lease.ok) throw RpcFailure.badRequest(lease.message);
      tenant.setLease(lease.value);
      await em.flush();
      return (await toTenantViews(em, [tenant]))[0]!;
    });
  }
}
