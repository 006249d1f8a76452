import type { EntityClass, EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import type { Caller } from '../accounts/caller.js';
import type { LocationAccess, LocationGrant } from './location-access.js';
import type { Permission } from './permissions.js';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(id: string | null | undefined): id is string {
  return typeof id === 'string' && uuid.test(id);
}

/**
 * A row below a location (building, unit, tenant, ...) by id, through LocationAccess: a malformed id, an unknown one
 * and one out of the caller's reach all answer 404 with `notFound`; a role without `permission` answers 403.
 */
export async function requireRow<T extends { id: string; propertyLocationId: string }>(
  access: LocationAccess,
  em: EntityManager,
  caller: Caller,
  entity: EntityClass<T>,
  id: string | null | undefined,
  permission: Permission,
  notFound: string,
): Promise<T & { grant: LocationGrant }> {
  const row = isUuid(id) ? await em.findOne(entity, { id } as FilterQuery<T>) : null;
  return access.requireFor(em, caller, row as T | null, permission, notFound);
}
