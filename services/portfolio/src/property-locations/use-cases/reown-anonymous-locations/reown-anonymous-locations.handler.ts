import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { PropertyLocationOwnerChanged } from '@pm/contracts';
import { GrantsProjection } from '@pm/access';
import { PropertyLocationRepository } from '../../property-location.repository.js';

/**
 * An anonymous visitor signed in to an existing account: the locations they created move to that account, each
 * move recorded as an event (the progress read model and later contexts follow it).
 */
@Injectable()
export class ReownAnonymousLocationsHandler {
  constructor(
    private readonly locations: PropertyLocationRepository,
    private readonly grants: GrantsProjection,
  ) {}

  async execute(em: EntityManager, anonymousUserId: string, userId: string): Promise<number> {
    if (anonymousUserId === userId) return 0;
    const owned = await this.locations.listOwnedBy(em, anonymousUserId);
    for (const location of owned) {
      location.moveTo(userId, userId);
      await this.grants.record(em, PropertyLocationOwnerChanged, {
        locationId: location.id,
        previousOwnerUserId: anonymousUserId,
        ownerUserId: userId,
        accountId: userId,
        reason: 'anonymous_user_linked',
      });
    }
    await em.flush();
    return owned.length;
  }
}
