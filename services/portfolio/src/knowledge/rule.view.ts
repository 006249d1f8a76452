import type { Rule as RuleView } from '@pm/contracts';
import type { Rule } from './rule.entity.js';

export const RULE_NOT_FOUND = 'Rule not found';

export function toRuleView(rule: Rule): RuleView {
  return { id: rule.id, description: rule.description, expected_output: rule.expectedOutput, location_id: rule.propertyLocationId };
}
