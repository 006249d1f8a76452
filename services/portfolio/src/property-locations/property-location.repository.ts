import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { PropertyLocation } from './property-location.entity.js';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every query of locations is scoped to an account: there is no "find by id" that ignores who asks. */
@Injectable()
export class PropertyLocationRepository {
  listForAccount(em: EntityManager, accountId: string): Promise<PropertyLocation[]> {
    return em.find(PropertyLocation, { accountId }, { orderBy: { id: 'asc' } });
  }

  /** null both for an unknown id and for another account's location: callers answer 404 either way. */
  async findForAccount(em: EntityManager, accountId: string, id: string): Promise<PropertyLocation | null> {
    if (!uuid.test(id)) return null;
    return em.findOne(PropertyLocation, { id, accountId });
  }

  listOwnedBy(em: EntityManager, ownerUserId: string): Promise<PropertyLocation[]> {
    return em.find(PropertyLocation, { ownerUserId }, { orderBy: { id: 'asc' } });
  }
}
