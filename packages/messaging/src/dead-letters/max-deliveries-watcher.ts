import {
  AckPolicy,
  DeliverPolicy,
  jetstream,
  jetstreamManager,
  JetStreamApiError,
  type ConsumerConfig,
  type ConsumerMessages,
  type JetStreamManager,
} from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';
import type { StreamDefinition } from '@pm/contracts';
import { natsConsumerName } from '../events/durable-name.js';
import type { EventPublisher } from '../events/event-publisher.js';
import { publishDeadLetter } from './publish-dead-letter.js';

export interface WatchedConsumer {
  /** `<service>.<event>` */
  durable: string;
  stream: string;
}

/** The server's `io.nats.jetstream.advisory.v1.max_deliver` advisory (the fields we use). */
export interface MaxDeliveriesAdvisory {
  stream: string;
  consumer: string;
  stream_seq: number;
  deliveries: number;
}

export type AdvisoryOutcome = 'dead-lettered' | 'already-dead-lettered' | 'message-gone';

interface Logger {
  warn(message: unknown, ...rest: unknown[]): void;
  error(message: unknown, ...rest: unknown[]): void;
}

export function maxDeliveriesAdvisorySubject(stream: string, durable: string): string {
  return `$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES.${stream}.${natsConsumerName(durable)}`;
}

/**
 * The server publishes advisories on core NATS, where one fired while no replica of the consumer runs (the usual
 * case when the delivery killed the only one) would be lost; this stream keeps them until they are handled.
 */
export const maxDeliveriesAdvisoryStream: StreamDefinition = Object.freeze({
  name: 'PM_MAX_DELIVERIES',
  subjects: ['$JS.EVENT.ADVISORY.CONSUMER.MAX_DELIVERIES.>'],
});

/** The durable on the advisory stream that watches one consumer: `<service>_<event>-max-deliveries`. */
export function advisoryConsumerName(durable: string): string {
  return `${natsConsumerName(durable)}-max-deliveries`;
}

/**
 * Dead-letters messages whose last allowed delivery never finished (the process died, or the handler outlived the
 * ack wait): the consumer cannot do it itself, so the server stops redelivering and announces the sequence in the
 * max-deliveries advisory, which maxDeliveriesAdvisoryStream keeps. Every process running a consumer reads that
 * consumer's advisories through one shared durable, so one replica handles each, even one started later; the dead
 * letter's message id makes a second handling (a redelivered advisory) store nothing.
 */
export class MaxDeliveriesWatcher {
  private readonly running: ConsumerMessages[] = [];
  private readonly loops: Promise<void>[] = [];
  private jsm: JetStreamManager | undefined;
  private readonly durables = new Map<string, string>();

  constructor(
    private readonly nc: NatsConnection,
    private readonly publisher: Pick<EventPublisher, 'publishRaw'>,
    private readonly logger: Logger,
  ) {}

  async start(consumers: readonly WatchedConsumer[]): Promise<void> {
    const jsm = await this.manager();
    for (const { durable, stream } of consumers) {
      this.durables.set(`${stream}/${natsConsumerName(durable)}`, durable);
      const name = advisoryConsumerName(durable);
      const config: Partial<ConsumerConfig> = {
        durable_name: name,
        filter_subject: maxDeliveriesAdvisorySubject(stream, durable),
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        // Handling is one stream read and one publish; an advisory handed to a replica that died meanwhile comes back soon.
        ack_wait: 10_000 * 1_000_000,
      };
      try {
        await jsm.consumers.add(maxDeliveriesAdvisoryStream.name, config);
      } catch (error) {
        if (error instanceof JetStreamApiError && error.code === 10148) await jsm.consumers.update(maxDeliveriesAdvisoryStream.name, name, config);
        else throw error;
      }
      const consumer = await jetstream(this.nc).consumers.get(maxDeliveriesAdvisoryStream.name, name);
      const messages = await consumer.consume({ max_messages: 8 });
      this.running.push(messages);
      this.loops.push(this.loop(durable, messages));
    }
  }

  async stop(): Promise<void> {
    for (const messages of this.running) await messages.close();
    await Promise.allSettled(this.loops);
    this.running.length = 0;
    this.loops.length = 0;
  }

  private async loop(durable: string, messages: ConsumerMessages): Promise<void> {
    for await (const message of messages) {
      try {
        await this.deadLetter(message.json<MaxDeliveriesAdvisory>());
        message.ack();
      } catch (error) {
        this.logger.error({ err: error, consumer: durable, advisory: message.string() }, 'dead-lettering after max deliveries failed; retrying');
        message.nak(5_000);
      }
    }
  }

  /** Fetches the message the advisory names from its stream and dead-letters it. Idempotent. */
  async deadLetter(advisory: MaxDeliveriesAdvisory): Promise<AdvisoryOutcome> {
    const durable = this.durables.get(`${advisory.stream}/${advisory.consumer}`);
    if (!durable) throw new Error(`Not a watched consumer: ${advisory.stream}/${advisory.consumer}`);
    const stored = await (await this.manager()).streams.getMessage(advisory.stream, { seq: advisory.stream_seq });
    if (!stored) {
      this.logger.warn({ consumer: durable, seq: advisory.stream_seq }, 'max deliveries reached, but the message has left the stream');
      return 'message-gone';
    }
    const ack = await publishDeadLetter(this.publisher, {
      durable,
      subject: stored.subject,
      data: stored.data,
      headers: stored.header,
      streamSequence: advisory.stream_seq,
      deliveries: advisory.deliveries,
      reason: `delivery ${advisory.deliveries} never finished (the process died or outlived the ack wait); no deliveries left`,
    });
    if (!ack.duplicate) this.logger.error({ consumer: durable, seq: advisory.stream_seq }, 'event dead-lettered after max deliveries');
    return ack.duplicate ? 'already-dead-lettered' : 'dead-lettered';
  }

  private async manager(): Promise<JetStreamManager> {
    this.jsm ??= await jetstreamManager(this.nc);
    return this.jsm;
  }
}
