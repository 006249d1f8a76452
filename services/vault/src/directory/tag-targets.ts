import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { LocationAccess, type AccessCaller } from '@pm/access';
import { ACCESS_FORBIDDEN, can, ENTITY_OF_OTHER_LOCATION, TAG_TARGET_NOT_FOUND, type DocumentTags } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { DirectoryRepository } from './directory.repository.js';

/**
 * What a document may be tagged with or filed under: buildings, units, tenants and managers of the vault's directory,
 * each of a location the caller may write documents to. Another account's id answers exactly as an unknown one (404),
 * so tags never reveal what exists elsewhere.
 */
@Injectable()
export class TagTargets {
  constructor(
    private readonly access: LocationAccess,
    private readonly directory: DirectoryRepository,
  ) {}

  /** The tags de-duplicated (ids as given), once every one is found in a location the caller may write to. */
  async require(em: EntityManager, caller: AccessCaller, tags: DocumentTags): Promise<DocumentTags> {
    const grants = new Map((await this.access.accessible(em, caller)).map((grant) => [grant.locationId, grant.role]));
    const writable = (locationIds: readonly string[]): void => {
      const roles = locationIds.map((id) => grants.get(id)).filter((role) => role !== undefined);
      if (roles.length === 0) throw RpcFailure.notFound(TAG_TARGET_NOT_FOUND);
      if (!roles.some((role) => can(role, 'document:write'))) throw RpcFailure.forbidden(ACCESS_FORBIDDEN);
    };
    const unique = (ids: readonly string[]) => [...new Set(ids)];
    const clean: DocumentTags = {
      property_location_ids: unique(tags.property_location_ids.map((id) => id.toLowerCase())),
      building_ids: unique(tags.building_ids),
      unit_ids: unique(tags.unit_ids),
      tenant_ids: unique(tags.tenant_ids),
      property_manager_ids: unique(tags.property_manager_ids),
    };
    for (const id of clean.property_location_ids) writable([id]);
    for (const id of clean.building_ids) writable([(await this.directory.building(em, id))?.location_id ?? '']);
    for (const id of clean.unit_ids) writable([(await this.directory.unit(em, id))?.location_id ?? '']);
    for (const id of clean.tenant_ids) writable([(await this.directory.tenant(em, id))?.location_id ?? '']);
    for (const id of clean.property_manager_ids) writable((await this.directory.manager(em, id))?.location_ids ?? []);
    return clean;
  }

  /** The building, unit and tenant a document is filed under must be of its location (and of each other). */
  async requireOfLocation(em: EntityManager, locationId: string | null, entities: { buildingId: string | null; unitId: string | null; tenantId: string | null }): Promise<void> {
    const found = [
      entities.buildingId === null ? null : await this.directory.building(em, entities.buildingId),
      entities.unitId === null ? null : await this.directory.unit(em, entities.unitId),
      entities.tenantId === null ? null : await this.directory.tenant(em, entities.tenantId),
    ];
    const named = [entities.buildingId, entities.unitId, entities.tenantId];
    named.forEach((id, index) => {
      if (id !== null && (locationId === null || found[index]?.location_id !== locationId)) throw RpcFailure.badRequest(ENTITY_OF_OTHER_LOCATION);
    });
    const [building, unit, tenant] = found as [{ building_id: string } | null, { building_id: string; unit_id: string } | null, { building_id: string; unit_id: string } | null];
    if (building && unit && unit.building_id !== building.building_id) throw RpcFailure.badRequest(ENTITY_OF_OTHER_LOCATION);
    if (tenant && building && tenant.building_id !== building.building_id) throw RpcFailure.badRequest(ENTITY_OF_OTHER_LOCATION);
    if (tenant && unit && tenant.unit_id !== unit.unit_id) throw RpcFailure.badRequest(ENTITY_OF_OTHER_LOCATION);
  }
}
