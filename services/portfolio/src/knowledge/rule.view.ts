import type { RuleEventDetailsSchema, Rule as RuleView } from '@pm/contracts';
import type { z } from 'zod';
import type { Rule } from './rule.entity.js';

export const RULE_NOT_FOUND = 'Rule not found';

export function toRuleView(rule: Rule): RuleView {
  return { id: rule.id, description: rule.description, expected_output: rule.expectedOutput, location_id: rule.propertyLocationId };
}

export function ruleEventDetails(rule: Rule): z.infer<typeof RuleEventDetailsSchema> {
  return { ruleId: rule.id, description: rule.description, expectedOutput: rule.expectedOutput, changedAt: rule.updatedAt.toISOString() };
}
