import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { type PropertyLocation as PropertyLocationView, type RequestOf, type CreatePropertyLocation } from '@pm/contracts';
import { GrantsProjection } from '@pm/access';
import { RpcFailure } from '@pm/messaging';
import type { Principal } from '@pm/nest-kit';
import { CallerResolver } from '../../../accounts/caller.js';
import { openPropertyLocation } from '../../open-property-location.js';
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
      const location = await openPropertyLocation(em, this.grants, caller, result.details);
      return toPropertyLocationView(location, 'OWNER');
    });
  }
}
