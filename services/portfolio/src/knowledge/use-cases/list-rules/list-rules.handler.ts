import { Injectable } from '@nestjs/common';
import { ListRules, type Rule as RuleView, type RequestOf } from '@pm/contracts';
import { UseCase, type UseCaseContext, type UseCaseHandler } from '@pm/nest-kit';
import { Rule } from '../../rule.entity.js';
import { toRuleView } from '../../rule.view.js';
import { PortfolioAccess } from '../../../access/portfolio-access.js';

@Injectable()
@UseCase(ListRules)
export class ListRulesHandler implements UseCaseHandler<typeof ListRules> {
  constructor(private readonly access: PortfolioAccess) {}

  async handle({ location_id: locationId }: RequestOf<typeof ListRules>, { em, caller }: UseCaseContext): Promise<RuleView[]> {
    const { location } = await this.access.require(em, caller, locationId, 'knowledge:read');
    const rows = await em.find(Rule, { propertyLocationId: location.id }, { orderBy: { id: 'asc' } });
    return rows.map(toRuleView);
  }
}
