import { Injectable } from '@nestjs/common';
import { LocationAccess } from '@pm/access';
import { ListLocationTenants, type RequestOf, type ResponseOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { listTenantPage } from '../../tenant-list.query.js';

/** A page of the location's active tenants (oldest first), or of its past ones (most recently archived first). */
@Injectable()
@UseCase(ListLocationTenants, { readOnly: true })
export class ListLocationTenantsHandler implements UseCaseHandler<typeof ListLocationTenants> {
  constructor(private readonly access: LocationAccess) {}

  async handle(request: RequestOf<typeof ListLocationTenants>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof ListLocationTenants>> {
    const grant = await this.access.require(em, caller, request.locationId, 'tenant:read');
    return listTenantPage(em, { locationId: grant.locationId }, request.archived, request);
  }
}
