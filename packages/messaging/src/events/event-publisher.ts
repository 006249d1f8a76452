import { jetstream, type JetStreamClient, type PubAck } from '@nats-io/jetstream';
import { headers as natsHeaders, type NatsConnection } from '@nats-io/nats-core';
import type { DataOf, EventContract, EventEnvelope } from '@pm/contracts';
import { Headers } from '../nats/headers.js';
import { buildEnvelope, type EnvelopeOptions } from './build-envelope.js';

/** An envelope as JSON text, with the fields its NATS headers carry. */
export interface SerializedEnvelope {
  id: string;
  correlationId: string;
  causationId: string | null;
  json: string;
}

/**
 * Publishes events to JetStream with `Nats-Msg-Id` = event id, so a retried publish of the same event is stored once.
 * Services publish through the outbox (see Outbox); this class is what the outbox relay and the dead-letter path use,
 * and what stateless processes use directly.
 */
export class EventPublisher {
  private readonly js: JetStreamClient;

  constructor(nc: NatsConnection) {
    this.js = jetstream(nc);
  }

  publish<C extends EventContract>(contract: C, data: DataOf<C>, options?: EnvelopeOptions): Promise<PubAck> {
    return this.publishEnvelope(contract.subject, buildEnvelope(contract, data, options));
  }

  /** Publishes an envelope that was built (and validated) earlier. */
  publishEnvelope(subject: string, envelope: EventEnvelope): Promise<PubAck> {
    const { id, correlationId, causationId } = envelope;
    return this.publishSerialized(subject, { id, correlationId, causationId: causationId ?? null, json: JSON.stringify(envelope) });
  }

  /**
   * Publishes an envelope already in its JSON text, with the header fields read from it: the outbox relay's path,
   * which reads the text straight from PostgreSQL instead of hydrating each row and stringifying it again.
   */
  publishSerialized(subject: string, envelope: SerializedEnvelope): Promise<PubAck> {
    const h = natsHeaders();
    h.set(Headers.msgId, envelope.id);
    h.set(Headers.correlationId, envelope.correlationId);
    if (envelope.causationId) h.set(Headers.causationId, envelope.causationId);
    return this.js.publish(subject, envelope.json, { msgID: envelope.id, headers: h });
  }

  /** Raw bytes to a subject with headers: used to dead-letter a message exactly as it arrived. */
  publishRaw(subject: string, payload: Uint8Array, headers: Record<string, string>, msgId: string): Promise<PubAck> {
    const h = natsHeaders();
    for (const [key, value] of Object.entries(headers)) h.set(key, value);
    return this.js.publish(subject, payload, { msgID: msgId, headers: h });
  }
}
