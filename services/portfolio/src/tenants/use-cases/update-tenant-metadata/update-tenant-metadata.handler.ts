import { Injectable } from '@nestjs/common';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { UpdateTenantMetadata, type RequestOf, type Tenant as TenantView } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { TENANT_NOT_FOUND } from '../../tenant-mail.js';
import { Tenant } from '../../tenant.entity.js';
import { mergeLease } from '../../tenant.validation.js';
import { toTenantViews } from '../../tenant.view.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

/** Lease start and end and the rent; metadata.lease_end and the lease_end_date column change together. */
@Injectable()
@UseCase(UpdateTenantMetadata)
export class UpdateTenantMetadataHandler implements UseCaseHandler<typeof UpdateTenantMetadata> {
  constructor(private readonly access: PortfolioAccess) {}

  async handle(input: RequestOf<typeof UpdateTenantMetadata>, { em, caller }: UseCaseContext): Promise<TenantView> {
    const tenant = await this.access.requireRow(em, caller, Tenant, input.id, 'tenant:write', TENANT_NOT_FOUND);
    const lease = mergeLease(input, tenant.metadata);
    if (!lease.ok) throw RpcFailure.badRequest(lease.message);
    tenant.setLease(lease.value);
    await em.flush();
    return (await toTenantViews(em, [tenant]))[0]!;
  }
}
