import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '@pm/nest-kit';
import { CallerResolver } from '../../../accounts/caller.js';
import { Building } from '../../building.entity.js';
import { BUILDING_NOT_FOUND } from '../get-building/get-building.handler.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

/** An empty signature goes back to none (stored as null). */
@Injectable()
export class UpdateBuildingSignatureHandler {
  constructor(
    private readonly em: EntityManager,
    private readonly callers: CallerResolver,
    private readonly access: PortfolioAccess,
  ) {}

  async execute(principal: Principal, id: string, signature: string | null | undefined): Promise<{ signature: string }> {
    return this.em.fork().transactional(async (em) => {
      const caller = await this.callers.resolve(em, principal);
      const building = await this.access.requireRow(em, caller, Building, id, 'building:write', BUILDING_NOT_FOUND);
      building.signature = signature?.trim() ? signature : null;
      building.updatedAt = new Date();
      await em.flush();
      return { signature: building.signature ?? '' };
    });
  }
}
