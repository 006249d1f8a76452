import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '@pm/nest-kit';
import { CallerResolver } from '../../../accounts/caller.js';
import { Building } from '../../building.entity.js';
import { BUILDING_NOT_FOUND } from '../get-building/get-building.handler.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

@Injectable()
export class GetBuildingSignatureHandler {
  constructor(
    private readonly em: EntityManager,
    private readonly callers: CallerResolver,
    private readonly access: PortfolioAccess,
  ) {}

  async execute(principal: Principal, id: string): Promise<{ signature: string }> {
    const em = this.em.fork();
    const caller = await this.callers.resolve(em, principal);
    const building = await this.access.requireRow(em, caller, Building, id, 'building:read', BUILDING_NOT_FOUND);
    return { signature: building.signature ?? '' };
  }
}
