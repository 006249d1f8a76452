import { Injectable } from '@nestjs/common';
import { DeleteRule, RuleDeleted, type RequestOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { Rule } from '../../rule.entity.js';
import { RULE_NOT_FOUND } from '../../rule.view.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

@Injectable()
@UseCase(DeleteRule)
export class DeleteRuleHandler implements UseCaseHandler<typeof DeleteRule> {
  constructor(private readonly access: PortfolioAccess) {}

  async handle({ id }: RequestOf<typeof DeleteRule>, { em, caller, record }: UseCaseContext): Promise<{ deleted: true }> {
    const row = await this.access.requireRow(em, caller, Rule, id, 'knowledge:write', RULE_NOT_FOUND);
    em.remove(row);
    await record(RuleDeleted, { ...row.grant.location.scope(), ruleId: row.id, changedAt: new Date().toISOString() });
    await em.flush();
    return { deleted: true as const };
  }
}
