import { Injectable } from '@nestjs/common';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { ListUnitTenants, type RequestOf, type ResponseOf } from '@pm/contracts';
import { Unit } from '../../../units/unit.entity.js';
import { UNIT_NOT_FOUND } from '../../../units/use-cases/get-unit/get-unit.handler.js';
import { listTenantPage } from '../../tenant-list.query.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

/** A page of the unit's active tenants, oldest first. */
@Injectable()
@UseCase(ListUnitTenants)
export class ListUnitTenantsHandler implements UseCaseHandler<typeof ListUnitTenants> {
  constructor(private readonly access: PortfolioAccess) {}

  async handle(request: RequestOf<typeof ListUnitTenants>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof ListUnitTenants>> {
    const unit = await this.access.requireRow(em, caller, Unit, request.unit_id, 'tenant:read', UNIT_NOT_FOUND);
    return listTenantPage(em, { unitId: unit.id }, false, request);
  }
}
