import { defineEntity, p } from '@mikro-orm/core';

const QuestionSchema = defineEntity({
  name: 'Question',
  tableName: 'question',
  properties: {
    id: p.uuid().primary(),
    accountId: p.string().fieldName('account_id'),
    propertyLocationId: p.uuid().fieldName('property_location_id'),
    question: p.text(),
    answer: p.text(),
    createdAt: p.datetime().fieldName('created_at'),
    updatedAt: p.datetime().fieldName('updated_at'),
  },
});

/** A Q&A item of a location's knowledge base: what the AI answers tenants with. */
export class Question extends QuestionSchema.class {}
QuestionSchema.setClass(Question);
export { QuestionSchema };
