import type { PubAck } from '@nats-io/jetstream';
import type { MsgHdrs } from '@nats-io/nats-core';
import { deadLetterSubjectOf } from '@pm/contracts';
import { natsConsumerName } from '../events/durable-name.js';
import type { EventPublisher } from '../events/event-publisher.js';
import { Headers } from '../nats/headers.js';

export interface DeadLetter {
  /** `<service>.<event>`: the consumer that gave up. */
  durable: string;
  /** The subject the message was published to. */
  subject: string;
  data: Uint8Array;
  /** The original message's headers; its correlation id is carried over. */
  headers: MsgHdrs | undefined;
  streamSequence: number;
  deliveries: number;
  reason: string;
}

/**
 * Publishes a message, exactly as it arrived, to its dead-letter subject with the reason in headers. The message id
 * is the consumer and the stream sequence, so the consumer's own dead-lettering and the max-deliveries advisory
 * (seen by every replica) store it once.
 */
export function publishDeadLetter(publisher: Pick<EventPublisher, 'publishRaw'>, letter: DeadLetter): Promise<PubAck> {
  const headers: Record<string, string> = {
    [Headers.deadLetterReason]: letter.reason.slice(0, 1_000),
    [Headers.deadLetterConsumer]: letter.durable,
    [Headers.deadLetterDeliveries]: String(letter.deliveries),
    [Headers.deadLetterOriginalSubject]: letter.subject,
  };
  const correlationId = letter.headers?.get(Headers.correlationId);
  if (correlationId) headers[Headers.correlationId] = correlationId;
  return publisher.publishRaw(
    deadLetterSubjectOf(letter.subject),
    letter.data,
    headers,
    `${natsConsumerName(letter.durable)}:${letter.streamSequence}`,
  );
}
