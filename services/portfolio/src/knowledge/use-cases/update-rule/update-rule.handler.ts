import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Rule as RuleView, RequestOf, UpdateRule } from '@pm/contracts';
import type { Principal } from '@pm/nest-kit';
import { CallerResolver } from '../../../accounts/caller.js';
import { Rule } from '../../rule.entity.js';
import { RULE_NOT_FOUND, toRuleView } from '../../rule.view.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

@Injectable()
export class UpdateRuleHandler {
  constructor(
    private readonly em: EntityManager,
    private readonly callers: CallerResolver,
    private readonly access: PortfolioAccess,
  ) {}

  async execute(principal: Principal, input: RequestOf<typeof UpdateRule>): Promise<RuleView> {
    return this.em.fork().transactional(async (em) => {
      const caller = await this.callers.resolve(em, principal);
      const row = await this.access.requireRow(em, caller, Rule, input.id, 'knowledge:write', RULE_NOT_FOUND);
      row.description = input.description;
      row.expectedOutput = input.expected_output;
      row.updatedAt = new Date();
      await em.flush();
      return toRuleView(row);
    });
  }
}
