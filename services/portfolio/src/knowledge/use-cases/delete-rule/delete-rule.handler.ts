import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Principal } from '@pm/nest-kit';
import { CallerResolver } from '../../../accounts/caller.js';
import { Rule } from '../../rule.entity.js';
import { RULE_NOT_FOUND } from '../../rule.view.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

@Injectable()
export class DeleteRuleHandler {
  constructor(
    private readonly em: EntityManager,
    private readonly callers: CallerResolver,
    private readonly access: PortfolioAccess,
  ) {}

  async execute(principal: Principal, id: string): Promise<{ deleted: true }> {
    return this.em.fork().transactional(async (em) => {
      const caller = await this.callers.resolve(em, principal);
      const row = await this.access.requireRow(em, caller, Rule, id, 'knowledge:write', RULE_NOT_FOUND);
      em.remove(row);
      await em.flush();
      return { deleted: true as const };
    });
  }
}
