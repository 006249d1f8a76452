import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { PropertyLocationCreated, type PropertyLocation as PropertyLocationView, type RequestOf, type CreatePropertyLocation } from '@pm/contracts';
import { GrantsProjection } from '@pm/access';
import { RpcFailure } from '@pm/messaging';
import type { Principal } from '@pm/nest-kit';
import { v7 as uuidv7 } from 'uuid';
import { CallerResolver } from '../../../accounts/caller.js';
import { PropertyLocation } from '../../property-location.entity.js';
import { validateNewLocation } from '../../property-location.validation.js';
import { toPropertyLocationView } from '../../property-location.view.js';

@Injectable()
export class CreatePropertyLocationHandler {
  constructor(
    private readonly em: EntityManager,
    private readonly callers: CallerResolver,
    private readonly grants: GrantsProjection,
  ) {}

  async execute(principal: Principal, input: RequestOf<typeof CreatePropertyLocation>): Promise<PropertyLocationView> {
    return this.em.fork().transactional(async (em) => {
      const caller = await this.callers.resolve(em, principal);
      const result = validateNewLocation(input, caller.campaign);
      if (!result.ok) throw RpcFailure.badRequest(result.message);
      const now = new Date();
      const location = em.create(PropertyLocation, {
        id: uuidv7(),
        accountId: caller.accountId,
        ownerUserId: caller.userId,
        email: null,
        phone: null,
        createdAt: now,
        ...result.details,
        updatedAt: now,
      });
      // The owner's grant is applied in this transaction: the next request may already use the location.
      await this.grants.record(em, PropertyLocationCreated, { ...location.eventDetails(), ownerUserId: location.ownerUserId });
      await em.flush();
      return toPropertyLocationView(location, 'OWNER');
    });
  }
}
