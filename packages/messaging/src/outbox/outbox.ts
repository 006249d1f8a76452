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
