import type { EntityManager } from '@mikro-orm/postgresql';
import { type GrantsProjection } from '@pm/access';
import { PropertyLocationCreated } from '@pm/contracts';
import { v7 as uuidv7 } from 'uuid';
import { ensureImplicitHome } from './implicit-home.js';
import { PropertyLocation, type PropertyLocationDetails } from './property-location.entity.js';

/**
 * A new location of the owner's account, however it is created (the Add Property form, a home set by address): the row
 * and its owner's grant in the caller's transaction, so the next request may already use it; a single-family-like one
 * with its implicit building and unit (implicit-home.ts), so tenants can be added to it at once.
 */
export async function openPropertyLocation(
  em: EntityManager,
  grants: GrantsProjection,
  owner: { accountId: string; userId: string },
  details: PropertyLocationDetails,
): Promise<PropertyLocation> {
  const now = new Date();
  const location = em.create(PropertyLocation, {
    id: uuidv7(),
    accountId: owner.accountId,
    ownerUserId: owner.userId,
    email: null,
    phone: null,
    createdAt: now,
    ...details,
    updatedAt: now,
  });
  await grants.record(em, PropertyLocationCreated, { ...location.eventDetails(), ownerUserId: location.ownerUserId });
  await em.flush();
  await ensureImplicitHome(em, location, now);
  return location;
}
