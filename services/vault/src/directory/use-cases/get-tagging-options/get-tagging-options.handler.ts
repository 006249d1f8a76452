import { Injectable } from '@nestjs/common';
import { LocationAccess } from '@pm/access';
import { can, GetTaggingOptions, type RequestOf, type ResponseOf } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { DirectoryRepository } from '../../directory.repository.js';

const BUILDING_NOT_FOUND = 'Building not found';
const UNIT_NOT_FOUND = 'Unit not found';

/** GET vault/tagging-options: buildings, units, tenants and managers of locations the caller reads documents of. */
@Injectable()
@UseCase(GetTaggingOptions)
export class GetTaggingOptionsHandler implements UseCaseHandler<typeof GetTaggingOptions> {
  constructor(
    private readonly access: LocationAccess,
    private readonly directory: DirectoryRepository,
  ) {}

  async handle(request: RequestOf<typeof GetTaggingOptions>, { em, caller }: UseCaseContext): Promise<ResponseOf<typeof GetTaggingOptions>> {
    let scope: string[];
    if (request.property_location_ids?.length) {
      scope = [];
      for (const id of request.property_location_ids) scope.push((await this.access.require(em, caller, id, 'document:read')).locationId);
    } else {
      scope = (await this.access.accessible(em, caller)).filter((grant) => can(grant.role, 'document:read')).map((grant) => grant.locationId);
    }
    const buildingIds = request.building_ids?.length ? [...new Set(request.building_ids)] : undefined;
    for (const id of buildingIds ?? []) {
      const building = await this.directory.building(em, id);
      if (!building) throw RpcFailure.notFound(BUILDING_NOT_FOUND);
      await this.access.require(em, caller, building.location_id, 'document:read', BUILDING_NOT_FOUND);
    }
    const unitIds = request.unit_ids?.length ? [...new Set(request.unit_ids)] : undefined;
    for (const id of unitIds ?? []) {
      const unit = await this.directory.unit(em, id);
      if (!unit) throw RpcFailure.notFound(UNIT_NOT_FOUND);
      await this.access.require(em, caller, unit.location_id, 'document:read', UNIT_NOT_FOUND);
    }
    const buildings = await this.directory.buildingsOf(em, scope);
    const units = await this.directory.unitsOf(em, { locationIds: scope, ...(buildingIds ? { buildingIds } : {}) });
    const tenants = await this.directory.tenantsOf(em, { locationIds: scope, ...(buildingIds ? { buildingIds } : {}), ...(unitIds ? { unitIds } : {}) });
    const managers = await this.directory.managersOf(em, scope);
    return {
      buildings: buildings.map((b) => ({ id: b.building_id, name: b.name, property_location_id: b.location_id })),
      units: units.map((u) => ({ id: u.unit_id, name: u.name, building_id: u.building_id, property_location_id: u.location_id })),
      tenants: tenants.map((t) => ({ id: t.tenant_id, full_name: t.full_name, unit_id: t.unit_id, building_id: t.building_id, property_location_id: t.location_id, archived: t.archived })),
      propertyManagers: managers.map((m) => ({ id: m.partner_id, full_name: m.full_name, email: m.email, role: m.role as 'ADMIN' | 'MANAGER' })),
    };
  }
}
