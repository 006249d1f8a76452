import type { Rule as RuleView } from '@pm/contracts';
import type { Rule } from './rule.entity.js';

export const RULE_NOT_FOUND = 'Rule not found';

export function toRuleView(rule: Rule): RuleView {
  return { id: rule.id, description: rule.description, expected_output: rule.expectedOutput, location_id: rule.propertyLocationId };
}

/** Spec 001 §5: Description and Expected output required. */
export function validateRule(input: { description?: string | null; expected_output?: string | null }): { ok: true; description: string; expected_output: string } | { ok: false; message: string } {
  const description = input.description?.trim() ?? '';
  const expected_output = input.expected_output?.trim() ?? '';
  if (!description) return { ok: false, message: 'Description is required' };
  if (!expected_output) return { ok: false, message: 'Expected output is required' };
  return { ok: true, description, expected_output };
}
