import { Injectable } from '@nestjs/common';
import { CreateRule, RuleCreated, type Rule as RuleView, type RequestOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { v7 as uuidv7 } from 'uuid';
import { Rule } from '../../rule.entity.js';
import { ruleEventDetails, toRuleView } from '../../rule.view.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

@Injectable()
@UseCase(CreateRule)
export class CreateRuleHandler implements UseCaseHandler<typeof CreateRule> {
  constructor(private readonly access: PortfolioAccess) {}

  async handle(input: RequestOf<typeof CreateRule>, { em, caller, record }: UseCaseContext): Promise<RuleView> {
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
    await record(RuleCreated, { ...location.scope(), ...ruleEventDetails(row) });
    await em.flush();
    return toRuleView(row);
  }
}
