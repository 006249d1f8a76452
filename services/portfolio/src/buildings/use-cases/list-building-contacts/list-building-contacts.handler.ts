import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { BuildingContact } from '@pm/contracts';
import type { Principal } from '@pm/nest-kit';
import { CallerResolver } from '../../../accounts/caller.js';
import { Tenant } from '../../../tenants/tenant.entity.js';
import { Unit } from '../../../units/unit.entity.js';
import { Building } from '../../building.entity.js';
import { BUILDING_NOT_FOUND } from '../get-building/get-building.handler.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

/** The building's active tenants with their first e-mail and phone: tenants' personal data, hence tenant:read. */
@Injectable()
export class ListBuildingContactsHandler {
  constructor(
    private readonly em: EntityManager,
    private readonly callers: CallerResolver,
    private readonly access: PortfolioAccess,
  ) {}

  async execute(principal: Principal, id: string): Promise<BuildingContact[]> {
    const em = this.em.fork();
    const caller = await this.callers.resolve(em, principal);
    const building = await this.access.requireRow(em, caller, Building, id, 'tenant:read', BUILDING_NOT_FOUND);
    const tenants = await em.find(Tenant, { buildingId: building.id, isArchived: false }, { orderBy: { id: 'asc' } });
    const units = new Map((await em.find(Unit, { buildingId: building.id })).map((u) => [u.id, u]));
    return tenants.map((t) => ({
      tenantId: t.id,
      tenantName: t.fullName,
      unitId: t.unitId,
      unitName: units.get(t.unitId)?.name ?? '',
      email: t.email(),
      phone: t.phone(),
    }));
  }
}
