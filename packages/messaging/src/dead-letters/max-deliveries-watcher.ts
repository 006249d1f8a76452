import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import type { NatsConnection, Subscription } from '@nats-io/nats-core';
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
 * Dead-letters messages whose last allowed delivery never finished (the process died, or the handler outlived the
 * ack wait): the consumer cannot do it itself, so the server stops redelivering and announces the sequence in the
 * max-deliveries advisory. Every process running a consumer listens for that consumer's advisory in one queue
 * group, so one replica handles it; the dead letter's message id makes a second handling store nothing.
 * The advisory is core NATS: if no replica is connected when it fires, the message stays in the stream undelivered
 * and is not dead-lettered (see docs-notes).
 */
export class MaxDeliveriesWatcher {
  private readonly subscriptions: Subscription[] = [];
  private readonly inFlight = new Set<Promise<unknown>>();
  private jsm: JetStreamManager | undefined;
  private readonly durables = new Map<string, string>();

  constructor(
    private readonly nc: NatsConnection,
    private readonly publisher: Pick<EventPublisher, 'publishRaw'>,
    private readonly logger: Logger,
  ) {}

  async start(consumers: readonly WatchedConsumer[]): Promise<void> {
    this.jsm ??= await jetstreamManager(this.nc);
    for (const { durable, stream } of consumers) {
      const name = natsConsumerName(durable);
      this.durables.set(`${stream}/${name}`, durable);
      const subscription = this.nc.subscribe(maxDeliveriesAdvisorySubject(stream, durable), {
        queue: `${name}-max-deliveries`,
        callback: (error, message) => {
          if (error) return;
          const handling = this.deadLetter(message.json<MaxDeliveriesAdvisory>()).catch((failure: unknown) =>
            this.logger.error({ err: failure, consumer: durable, advisory: message.string() }, 'dead-lettering after max deliveries failed'),
          );
          this.inFlight.add(handling);
          void handling.finally(() => this.inFlight.delete(handling));
        },
      });
      this.subscriptions.push(subscription);
    }
    // The server must know about the subscriptions before a test (or the first advisory) can rely on them.
    await this.nc.flush();
  }

  async stop(): Promise<void> {
    for (const subscription of this.subscriptions) subscription.unsubscribe();
    this.subscriptions.length = 0;
    await Promise.allSettled([...this.inFlight]);
  }

  /** Fetches the message the advisory names from its stream and dead-letters it. Idempotent. */
  async deadLetter(advisory: MaxDeliveriesAdvisory): Promise<AdvisoryOutcome> {
    const durable = this.durables.get(`${advisory.stream}/${advisory.consumer}`);
    if (!durable) throw new Error(`Not a watched consumer: ${advisory.stream}/${advisory.consumer}`);
    this.jsm ??= await jetstreamManager(this.nc);
    const stored = await this.jsm.streams.getMessage(advisory.stream, { seq: advisory.stream_seq });
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
}
