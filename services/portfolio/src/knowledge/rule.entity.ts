import { defineEntity, p } from '@mikro-orm/core';

const RuleSchema = defineEntity({
  name: 'Rule',
  tableName: 'rule',
  properties: {
    id: p.uuid().primary(),
    accountId: p.string().fieldName('account_id'),
    propertyLocationId: p.uuid().fieldName('property_location_id'),
    description: p.text(),
    expectedOutput: p.text().fieldName('expected_output'),
    createdAt: p.datetime().fieldName('created_at'),
    updatedAt: p.datetime().fieldName('updated_at'),
  },
});

/** A rule the AI follows for a location: when `description` happens, do `expected_output`. */
export class Rule extends RuleSchema.class {}
RuleSchema.setClass(Rule);
export { RuleSchema };
