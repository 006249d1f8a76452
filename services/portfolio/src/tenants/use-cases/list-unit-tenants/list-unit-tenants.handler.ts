import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '@pm/nest-kit';
import { CallerResolver } from '../../../accounts/caller.js';
import type { ListUnitTenants, RequestOf, ResponseOf } from '@pm/contracts';
import { Unit } from '../../../units/unit.entity.js';
import { UNIT_NOT_FOUND } from '../../../units/use-cases/get-unit/get-unit.handler.js';
import { listTenantPage } from '../../tenant-list.query.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

/** A page of the unit's active tenants, oldest first. */
@Injectable()
export class ListUnitTenantsHandler {
  constructor(
    private readonly em: EntityManager,
    private readonly callers: CallerResolver,
    private readonly access: PortfolioAccess,
  ) {}

  async execute(principal: Principal, request: RequestOf<typeof ListUnitTenants>): Promise<ResponseOf<typeof ListUnitTenants>> {
    const em = this.em.fork();
    const caller = await this.callers.resolve(em, principal);
    const unit = await this.access.requireRow(em, caller, Unit, request.unit_id, 'tenant:read', UNIT_NOT_FOUND);
    return listTenantPage(em, { unitId: unit.id }, false, request);
  }
}
