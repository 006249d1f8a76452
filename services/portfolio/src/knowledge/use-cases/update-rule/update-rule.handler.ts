import { Injectable } from '@nestjs/common';
import { UpdateRule, RuleUpdated, type Rule as RuleView, type RequestOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { Rule } from '../../rule.entity.js';
import { RULE_NOT_FOUND, ruleEventDetails, toRuleView } from '../../rule.view.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

@Injectable()
@UseCase(UpdateRule)
export class UpdateRuleHandler implements UseCaseHandler<typeof UpdateRule> {
  constructor(private readonly access: PortfolioAccess) {}

  async handle(input: RequestOf<typeof UpdateRule>, { em, caller, record }: UseCaseContext): Promise<RuleView> {
    const row = await this.access.requireRow(em, caller, Rule, input.id, 'knowledge:write', RULE_NOT_FOUND);
    row.description = input.description;
    row.expectedOutput = input.expected_output;
    row.updatedAt = new Date();
    await record(RuleUpdated, { ...row.grant.location.scope(), ...ruleEventDetails(row) });
    await em.flush();
    return toRuleView(row);
  }
}
