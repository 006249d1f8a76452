import { defineEntity, p } from '@mikro-orm/core';

const InboxEntrySchema = defineEntity({
  name: 'InboxEntry',
  tableName: 'inbox',
  properties: {
    consumer: p.string().primary(),
    eventId: p.uuid().primary().fieldName('event_id'),
    processedAt: p.datetime().fieldName('processed_at'),
  },
  primaryKeys: ['consumer', 'eventId'],
});

/** One row per (durable consumer, event) already handled: the record that makes redelivery harmless. */
export class InboxEntry extends InboxEntrySchema.class {}
InboxEntrySchema.setClass(InboxEntry);
export { InboxEntrySchema };
