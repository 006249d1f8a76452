import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { CreateRule, Rule as RuleView, RequestOf } from '@pm/contracts';
import type { Principal } from '@pm/nest-kit';
import { v7 as uuidv7 } from 'uuid';
import { CallerResolver } from '../../../accounts/caller.js';
import { Rule } from '../../rule.entity.js';
import { toRuleView } from '../../rule.view.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

@Injectable()
export class CreateRuleHandler {
  constructor(
    private readonly em: EntityManager,
    private readonly callers: CallerResolver,
    private readonly access: PortfolioAccess,
  ) {}

  async execute(principal: Principal, input: RequestOf<typeof CreateRule>): Promise<RuleView> {
    return this.em.fork().transactional(async (em) => {
      const caller = await this.callers.resolve(em, principal);
      const { location } = await this.access.require(em, caller, input.location_id, 'knowledge:write');
      const now = new Date();
      const row = em.create(Rule, {
        id: uuidv7(),
        accountId: location.accountId,
        propertyLocationId: location.id,
        description: input.description,
        expectedOutput: input.expected_output,
        createdAt: now,
        updatedAt: now,
      });
      await em.flush();
      return toRuleView(row);
    });
  }
}
