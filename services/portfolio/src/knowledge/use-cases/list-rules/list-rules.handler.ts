import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Rule as RuleView } from '@pm/contracts';
import type { Principal } from '@pm/nest-kit';
import { CallerResolver } from '../../../accounts/caller.js';
import { Rule } from '../../rule.entity.js';
import { toRuleView } from '../../rule.view.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

@Injectable()
export class ListRulesHandler {
  constructor(
    private readonly em: EntityManager,
    private readonly callers: CallerResolver,
    private readonly access: PortfolioAccess,
  ) {}

  async execute(principal: Principal, locationId: string): Promise<RuleView[]> {
    const em = this.em.fork();
    const caller = await this.callers.resolve(em, principal);
    const { location } = await this.access.require(em, caller, locationId, 'knowledge:read');
    const rows = await em.find(Rule, { propertyLocationId: location.id }, { orderBy: { id: 'asc' } });
    return rows.map(toRuleView);
  }
}
