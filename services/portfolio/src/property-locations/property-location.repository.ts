import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { PropertyLocation } from './property-location.entity.js';

/** Queries of locations that are not a caller's request (those go through access/PortfolioAccess). */
@Injectable()
export class PropertyLocationRepository {
  listOwnedBy(em: EntityManager, ownerUserId: string): Promise<PropertyLocation[]> {
    return em.find(PropertyLocation, { ownerUserId }, { orderBy: { id: 'asc' } });
  }
}
