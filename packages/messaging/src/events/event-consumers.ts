import type { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  AckPolicy,
  DeliverPolicy,
  jetstream,
  jetstreamManager,
  JetStreamApiError,
  type ConsumerConfig,
  type ConsumerMessages,
  type JsMsg,
} from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';
import { contextStreams, envelopeSchemaOf, type EventContract, type EventOf } from '@pm/contracts';
import { MaxDeliveriesWatcher } from '../dead-letters/max-deliveries-watcher.js';
import { publishDeadLetter } from '../dead-letters/publish-dead-letter.js';
import { claimInbox } from '../inbox/claim-inbox.js';
import { availableBatches } from './available-batches.js';
import { runInMessageContext } from '../message-context.js';
import { Headers } from '../nats/headers.js';
import { backoffAfter, resolveConsumerOptions, serverMaxDeliver, type ConsumerOptions } from './consumer-limits.js';
import { natsConsumerName } from './durable-name.js';
import type { EventPublisher } from './event-publisher.js';

export type { ConsumerOptions } from './consumer-limits.js';

export interface EventContext {
  /** The transaction the inbox row is written in; write the handler's changes through it. */
  em: EntityManager | undefined;
  consumer: string;
  deliveryCount: number;
}

export interface EventHandlerRegistration<C extends EventContract = EventContract> {
  contract: C;
  /** `<service>.<event>` */
  durable: string;
  handle: (event: EventOf<C>, context: EventContext) => Promise<unknown>;
  options?: ConsumerOptions;
}

/** Keeps the contract's payload type on the handler while the registration joins an untyped list. */
export function eventHandler<C extends EventContract>(registration: EventHandlerRegistration<C>): EventHandlerRegistration {
  return registration as unknown as EventHandlerRegistration;
}

interface Logger {
  log(message: unknown, ...rest: unknown[]): void;
  warn(message: unknown, ...rest: unknown[]): void;
  error(message: unknown, ...rest: unknown[]): void;
}

const nanos = (ms: number) => ms * 1_000_000;

/**
 * Runs durable pull consumers with explicit ack. Each event is handled in one database transaction together with
 * its inbox row (a `per-batch` consumer: the events at hand in one transaction with their inbox rows), then acked:
 * a crash before the commit redelivers it, a crash after the commit redelivers it and the inbox skips it. A payload
 * that fails its schema, or a handler that keeps failing, goes to the dead-letter subject and is terminated so the
 * consumer moves on.
 */
export class EventConsumers {
  private readonly running: ConsumerMessages[] = [];
  private readonly loops: Promise<void>[] = [];
  private readonly watcher: MaxDeliveriesWatcher;

  constructor(
    private readonly nc: NatsConnection,
    private readonly publisher: EventPublisher,
    private readonly logger: Logger,
    private readonly orm: MikroORM | undefined,
  ) {
    this.watcher = new MaxDeliveriesWatcher(nc, publisher, logger);
  }

  async start(registrations: readonly EventHandlerRegistration[]): Promise<void> {
    const names = new Set<string>();
    for (const registration of registrations) {
      if (names.has(registration.durable)) throw new Error(`Two handlers share the durable consumer "${registration.durable}"`);
      names.add(registration.durable);
    }
    await this.watcher.start(
      registrations.map((r) => ({ durable: r.durable, stream: contextStreams[r.contract.context].name })),
    );
    for (const registration of registrations) await this.startOne(registration);
  }

  async stop(): Promise<void> {
    await this.watcher.stop();
    for (const messages of this.running) await messages.close();
    await Promise.allSettled(this.loops);
    this.running.length = 0;
    this.loops.length = 0;
  }

  private async startOne(registration: EventHandlerRegistration): Promise<void> {
    const options = resolveConsumerOptions(registration.options);
    const stream = contextStreams[registration.contract.context].name;
    const name = natsConsumerName(registration.durable);
    const config: Partial<ConsumerConfig> = {
      durable_name: name,
      filter_subject: registration.contract.subject,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ack_wait: nanos(options.ackWaitMs),
      max_deliver: serverMaxDeliver(options),
      max_ack_pending: options.batchSize * 4,
    };
    const jsm = await jetstreamManager(this.nc);
    try {
      await jsm.consumers.add(stream, config);
    } catch (error) {
      if (error instanceof JetStreamApiError && error.code === 10148) await jsm.consumers.update(stream, name, config);
      else throw error;
    }
    const consumer = await jetstream(this.nc).consumers.get(stream, name);
    const messages = await consumer.consume({ max_messages: options.batchSize });
    this.running.push(messages);
    this.loops.push(this.consumeLoop(registration, options, messages));
  }

  private async consumeLoop(
    registration: EventHandlerRegistration,
    options: Required<ConsumerOptions>,
    messages: ConsumerMessages,
  ): Promise<void> {
    const perBatch = options.transaction === 'per-batch' && this.orm !== undefined;
    for await (const batch of availableBatches(messages, perBatch ? options.batchSize : 1)) {
      try {
        if (batch.length === 1) await this.handleOne(registration, options, batch[0]!);
        else await this.handleBatch(registration, options, batch);
      } catch (error) {
        // Only infrastructure failures reach here (dead-letter publish, ack); leave the messages to redelivery.
        this.logger.error({ err: error, consumer: registration.durable, seq: batch.map((message) => message.seq) }, 'event handling failed outside the handler');
        for (const message of batch) message.nak(options.backoffMs[0]);
      }
    }
  }

  private async handleOne(registration: EventHandlerRegistration, options: Required<ConsumerOptions>, message: JsMsg) {
    const event = await this.accepted(registration, message);
    if (event) await this.handleAccepted(registration, options, message, event);
  }

  /**
   * A `per-batch` consumer's events at hand: one transaction, one inbox insert, the handlers in delivery order, one
   * commit, then the acks. If a handler fails, nothing of the batch is kept and each event is handled again on its
   * own, so only the failing one is retried (with its backoff) or dead-lettered.
   */
  private async handleBatch(registration: EventHandlerRegistration, options: Required<ConsumerOptions>, messages: JsMsg[]) {
    const accepted: { message: JsMsg; event: EventOf<EventContract> }[] = [];
    for (const message of messages) {
      const event = await this.accepted(registration, message);
      if (event) accepted.push({ message, event });
    }
    // Every message was a replay for another consumer or a schema failure: each is settled already.
    if (!accepted.length) return;
    let handled: Set<string>;
    try {
      handled = await (this.orm!.em.fork() as EntityManager).transactional(async (em) => {
        const unclaimed = await claimInbox(em, registration.durable, accepted.map(({ event }) => event.id));
        const ran = new Set<string>();
        for (const { message, event } of accepted) {
          // The same event twice in one batch (redelivered while its first copy waited) runs once.
          if (!unclaimed.has(event.id) || ran.has(event.id)) continue;
          ran.add(event.id);
          await runInMessageContext(messageContextOf(event), () =>
            registration.handle(event, { em, consumer: registration.durable, deliveryCount: message.info.deliveryCount }),
          );
        }
        return ran;
      });
    } catch (error) {
      this.logger.warn({ consumer: registration.durable, events: accepted.length, err: error }, 'a batch failed; handling its events one by one');
      for (const { message, event } of accepted) await this.handleAccepted(registration, options, message, event);
      return;
    }
    await Promise.all(accepted.map(({ message }) => message.ackAck()));
    const skipped = accepted.filter(({ event }) => !handled.has(event.id)).map(({ event }) => event.id);
    if (skipped.length) this.logger.log({ consumer: registration.durable, eventIds: skipped }, 'duplicate events skipped by the inbox');
  }

  /**
   * The event a message carries, or undefined when there is nothing to handle: a dead letter replayed for another
   * consumer (acked) or a payload that fails the contract's schema (dead-lettered).
   */
  private async accepted(registration: EventHandlerRegistration, message: JsMsg): Promise<EventOf<EventContract> | undefined> {
    const replayedFor = message.headers?.get(Headers.replayConsumer);
    if (replayedFor && replayedFor !== registration.durable) {
      // A dead letter replayed for another consumer of this subject: this one handled (or dead-lettered) it already,
      // and its inbox row may have been pruned since.
      await message.ackAck();
      return undefined;
    }
    const parsed = parseEnvelope(registration.contract, message.data);
    if (!parsed.ok) {
      await this.deadLetter(registration, message, `schema: ${parsed.reason}`);
      return undefined;
    }
    return parsed.event;
  }

  /** Handles one event in its own transaction; a failure is retried with backoff, then dead-lettered. */
  private async handleAccepted(registration: EventHandlerRegistration, options: Required<ConsumerOptions>, message: JsMsg, event: EventOf<EventContract>) {
    const deliveryCount = message.info.deliveryCount;
    try {
      const handled = await runInMessageContext(messageContextOf(event), () => this.runHandler(registration, event, deliveryCount));
      await message.ackAck();
      if (!handled) this.logger.log({ consumer: registration.durable, eventId: event.id }, 'duplicate event skipped by the inbox');
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (deliveryCount >= options.maxDeliver) {
        await this.deadLetter(registration, message, `handler failed ${deliveryCount} times: ${reason}`);
        return;
      }
      const delay = backoffAfter(options, deliveryCount);
      this.logger.warn({ consumer: registration.durable, eventId: event.id, deliveryCount, delay, err: error }, 'event handler failed; retrying');
      message.nak(delay);
    }
  }

  /** Returns false when the inbox says the event was already handled. */
  private async runHandler(registration: EventHandlerRegistration, event: EventOf<EventContract>, deliveryCount: number) {
    if (!this.orm) {
      await registration.handle(event, { em: undefined, consumer: registration.durable, deliveryCount });
      return true;
    }
    return (this.orm.em.fork() as EntityManager).transactional(async (em) => {
      if (!(await claimInbox(em, registration.durable, [event.id])).size) return false;
      await registration.handle(event, { em, consumer: registration.durable, deliveryCount });
      return true;
    });
  }

  private async deadLetter(registration: EventHandlerRegistration, message: JsMsg, reason: string) {
    await publishDeadLetter(this.publisher, {
      durable: registration.durable,
      subject: message.subject,
      data: message.data,
      headers: message.headers,
      streamSequence: message.info.streamSequence,
      deliveries: message.info.deliveryCount,
      reason,
    });
    message.term(reason.slice(0, 200));
    this.logger.error({ consumer: registration.durable, seq: message.seq, reason }, 'event dead-lettered');
  }
}

/** What the handler's work runs under: the event's correlation, the event as the cause, the event's actor. */
function messageContextOf(event: EventOf<EventContract>) {
  return { correlationId: event.correlationId, causationId: event.id, actor: event.actor };
}

function parseEnvelope<C extends EventContract>(
  contract: C,
  data: Uint8Array,
): { ok: true; event: EventOf<C> } | { ok: false; reason: string } {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(data));
  } catch {
    return { ok: false, reason: 'payload is not JSON' };
  }
  const result = envelopeSchemaOf(contract).safeParse(json);
  if (!result.success) {
    return { ok: false, reason: result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ') };
  }
  return { ok: true, event: result.data as EventOf<C> };
}
