import { defineEntity, p } from '@mikro-orm/core';

const KnowledgeItemSchema = defineEntity({
  name: 'KnowledgeItem',
  tableName: 'knowledge_item',
  properties: {
    kind: p.enum(['question', 'rule'] as const).primary(),
    sourceId: p.string().fieldName('source_id').primary(),
    locationId: p.string().fieldName('location_id'),
    accountId: p.string().fieldName('account_id'),
    /** The question, or the situation a rule describes. */
    title: p.text(),
    /** The answer, or what the rule says to do: what a grounded reply may fall back to. */
    body: p.text(),
    /** Title and body as one passage, the text that is searched. */
    text: p.text(),
    updatedAt: p.datetime().fieldName('updated_at'),
    deletedAt: p.datetime().fieldName('deleted_at').nullable(),
    stamp: p.string(),
  },
});

/**
 * One Q&A item or rule of a location as the assistant knows it (copied from portfolio's events). A deleted item is
 * kept with `deletedAt` so late, older events cannot revive it; readers take only the live ones.
 */
export class KnowledgeItem extends KnowledgeItemSchema.class {}
KnowledgeItemSchema.setClass(KnowledgeItem);
export { KnowledgeItemSchema };
