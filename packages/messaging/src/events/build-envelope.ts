import { envelopeSchemaOf, type Actor, type DataOf, type EventContract, type EventOf } from '@pm/contracts';
import { v7 as uuidv7 } from 'uuid';
import { currentMessageContext } from '../message-context.js';

export interface EnvelopeOptions {
  actor?: Actor;
  correlationId?: string;
  causationId?: string | null;
}

/**
 * Builds and validates the envelope of one event. Parsing here (not only at the consumer) makes a bad payload fail
 * inside the producer's transaction, so the state change it describes is rolled back with it.
 */
export function buildEnvelope<C extends EventContract>(contract: C, data: DataOf<C>, options: EnvelopeOptions = {}): EventOf<C> {
  const context = currentMessageContext();
  const id = uuidv7();
  const envelope = {
    id,
    type: contract.type,
    version: contract.version,
    occurredAt: new Date().toISOString(),
    correlationId: options.correlationId ?? context?.correlationId ?? id,
    causationId: options.causationId !== undefined ? options.causationId : (context?.causationId ?? null),
    actor: options.actor ?? context?.actor ?? { kind: 'system', name: 'unknown' },
    data,
  };
  return envelopeSchemaOf(contract).parse(envelope) as EventOf<C>;
}
