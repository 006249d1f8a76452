import { defineEntity, p } from '@mikro-orm/core';
import type { EventEnvelope } from '@pm/contracts';

const OutboxMessageSchema = defineEntity({
  name: 'OutboxMessage',
  tableName: 'outbox',
  properties: {
    /** The event id (UUIDv7, so ordering by id is ordering by creation). */
    id: p.uuid().primary(),
    subject: p.text(),
    envelope: p.json<EventEnvelope>(),
    createdAt: p.datetime().fieldName('created_at'),
    publishedAt: p.datetime().nullable().fieldName('published_at'),
    attempts: p.integer().default(0),
    lastError: p.text().nullable().fieldName('last_error'),
  },
});

/** An event waiting to be relayed to JetStream, written in the same transaction as the change it describes. */
export class OutboxMessage extends OutboxMessageSchema.class {}
OutboxMessageSchema.setClass(OutboxMessage);
export { OutboxMessageSchema };
