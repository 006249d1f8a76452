import { Injectable } from '@nestjs/common';
import { ListBuildingContacts, type BuildingContact, type RequestOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { Tenant } from '../../../tenants/tenant.entity.js';
import { Unit } from '../../../units/unit.entity.js';
import { Building } from '../../building.entity.js';
import { BUILDING_NOT_FOUND } from '../get-building/get-building.handler.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

/** The building's active tenants with their first e-mail and phone: tenants' personal data, hence tenant:read. */
@Injectable()
@UseCase(ListBuildingContacts)
export class ListBuildingContactsHandler implements UseCaseHandler<typeof ListBuildingContacts> {
  constructor(private readonly access: PortfolioAccess) {}

  async handle({ id }: RequestOf<typeof ListBuildingContacts>, { em, caller }: UseCaseContext): Promise<BuildingContact[]> {
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
