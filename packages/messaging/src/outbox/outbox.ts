import type { EntityManager } from '@mikro-orm/core';
import type { DataOf, EventContract, EventOf } from '@pm/contracts';
import { buildEnvelope, type EnvelopeOptions } from '../events/build-envelope.js';
import { OutboxMessage } from './outbox-message.entity.js';

/**
 * Records an event in the outbox table through the caller's EntityManager: it is flushed with the state change in
 * the same transaction, so either both are stored or neither is. The relay publishes it afterwards.
 */
export function recordEvent<C extends EventContract>(
  em: EntityManager,
  contract: C,
  data: DataOf<C>,
  options?: EnvelopeOptions,
): EventOf<C> {
  const envelope = buildEnvelope(contract, data, options);
  const message = em.create(OutboxMessage, {
    id: envelope.id,
    subject: contract.subject,
    envelope,
    createdAt: new Date(envelope.occurredAt),
    publishedAt: null,
    attempts: 0,
    lastError: null,
  });
  em.persist(message);
  return envelope;
}

/** An event's outbox row as `recordEvent` stores it, for a statement that inserts it itself. */
export interface OutboxRow<C extends EventContract = EventContract> {
  event: EventOf<C>;
  /** The columns in the order of `OUTBOX_COLUMNS`: id, subject, envelope (JSON text, cast to jsonb), created_at. */
  values: [string, string, string, Date];
}

/** The columns an `OutboxRow`'s values fill, to name in the insert. */
export const OUTBOX_COLUMNS = '"id", "subject", "envelope", "created_at"';

/**
 * The same envelope and row as `recordEvent`, for a hot path that writes its state and its events in one SQL statement
 * (a data-modifying CTE) instead of the ORM's flush: one round trip and no unit of work to compute. The caller
 * inserts `values` into `outboxTableOf(em)` in its transaction; the table's trigger wakes the relays at commit as for
 * any other outbox row. Everything else records its events with `recordEvent`.
 */
export function outboxRowOf<C extends EventContract>(contract: C, data: DataOf<C>, options?: EnvelopeOptions): OutboxRow<C> {
  const event = buildEnvelope(contract, data, options);
  return { event, values: [event.id, contract.subject, JSON.stringify(event), new Date(event.occurredAt)] };
}

/** The outbox table of the EntityManager's schema, quoted for SQL. */
export function outboxTableOf(em: EntityManager): string {
  // The schema MessagingTablesMigration created it in.
  return `"${em.config.get('schema') ?? 'public'}"."${em.getMetadata().get(OutboxMessage).tableName}"`;
}
