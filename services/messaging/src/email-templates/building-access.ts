import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { isUuid, LocationAccess, type AccessCaller } from '@pm/access';
import type { Permission } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { EmailTemplatesRepository, type BuildingRef } from './email-templates.repository.js';

export const BUILDING_NOT_FOUND = 'Building not found';

/**
 * A building named by a call, decided by its location's grants: unknown, malformed or out of the caller's reach is
 * 404 "Building not found" (as portfolio answers), a role without the permission 403.
 */
@Injectable()
export class BuildingAccess {
  constructor(
    private readonly access: LocationAccess,
    private readonly templates: EmailTemplatesRepository,
  ) {}

  async require(em: EntityManager, caller: AccessCaller, buildingId: string, permission: Permission): Promise<BuildingRef> {
    const building = isUuid(buildingId) ? await this.templates.building(em, buildingId) : null;
    if (!building) throw RpcFailure.notFound(BUILDING_NOT_FOUND);
    await this.access.require(em, caller, building.locationId, permission, BUILDING_NOT_FOUND);
    return building;
  }
}
