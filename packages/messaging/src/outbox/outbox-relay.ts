import type { EntityManager } from '@mikro-orm/core';
import type { EntityManager as SqlEntityManager } from '@mikro-orm/postgresql';
import type { Logger } from '@nestjs/common';
import type { EventPublisher } from '../events/event-publisher.js';
import type { OutboxWakeUps } from './outbox-notifications.js';
import { outboxTableOf } from './outbox.js';

export interface OutboxRelayOptions {
  /** How many events one pass claims. */
  batchSize?: number;
  /**
   * Fallback poll: the upper bound on latency when a wake-up is missed (e.g. while the LISTEN connection was down).
   * Without wake-ups it is the only trigger.
   */
  pollIntervalMs?: number;
  /** What wakes the relay when a transaction commits outbox rows (OutboxNotifications: PostgreSQL LISTEN/NOTIFY). */
  wakeUps?: OutboxWakeUps;
}

type Publisher = Pick<EventPublisher, 'publishSerialized'>;

/** An outbox row as the relay reads it: the envelope's JSON text and its header fields, not a hydrated entity. */
interface PendingEvent {
  id: string;
  subject: string;
  json: string;
  correlation_id: string;
  causation_id: string | null;
}

/**
 * Moves outbox rows to JetStream. Each pass claims a batch with `FOR UPDATE SKIP LOCKED` (replicas share the work),
 * publishes it in creation order (pipelined) and marks the rows in the same transaction. If the process dies between publishing
 * and committing, the next pass publishes the same event ids again and JetStream's duplicate window drops them:
 * at-least-once relay, exactly-once in the stream.
 */
export class OutboxRelay {
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;
  private running = false;
  private loop: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;
  private pendingWake = false;
  private publishFailed = false;
  private readonly wakeUps: OutboxWakeUps | undefined;
  private passCount = 0;

  constructor(
    private readonly em: EntityManager,
    private readonly publisher: Publisher,
    private readonly logger: Pick<Logger, 'error' | 'warn'>,
    options: OutboxRelayOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 100;
    this.pollIntervalMs = options.pollIntervalMs ?? 15_000;
    this.wakeUps = options.wakeUps;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
    this.wakeUps?.start(() => this.wake());
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.wakeUps?.stop();
    this.wake();
    await this.loop;
  }

  /** Relay passes run (each is one claiming query): what an idle relay must not increase between fallback polls. */
  get passes(): number {
    return this.passCount;
  }

  /** Runs a pass now (or right after the current one): a commit wrote outbox rows. */
  wake(): void {
    this.pendingWake = true;
    this.wakeUp?.();
  }

  /** Publishes everything pending; returns how many events were relayed. Exposed for tests and shutdown drains. */
  async relayPending(): Promise<number> {
    let total = 0;
    for (;;) {
      const relayed = await this.relayBatch();
      total += relayed;
      if (relayed < this.batchSize) return total;
    }
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (this.running) {
      this.pendingWake = false;
      this.publishFailed = false;
      try {
        await this.relayPending();
        failures = this.publishFailed ? failures + 1 : 0;
      } catch (error) {
        failures++;
        this.logger.error({ err: error, failures }, 'outbox relay pass failed; retrying');
      }
      if (!this.running) break;
      // A failed pass retries soon (with backoff) rather than at the fallback poll: no commit will wake us for rows
      // that are already there.
      if (!this.pendingWake) await this.sleep(failures ? Math.min(250 * 2 ** failures, 10_000, this.pollIntervalMs) : this.pollIntervalMs);
    }
  }

  private async relayBatch(): Promise<number> {
    this.passCount++;
    return this.em.fork().transactional(async (txEm) => {
      const em = txEm as SqlEntityManager;
      const outbox = outboxTableOf(em);
      // The envelope travels as the text PostgreSQL stores (jsonb's own rendering, which JSON.parse reads like any
      // other): hydrating each row into an entity and stringifying it again cost the relay more than publishing.
      const batch = await em.execute<PendingEvent[]>(
        `select id, subject, envelope::text as json, envelope->>'correlationId' as correlation_id, envelope->>'causationId' as causation_id
           from ${outbox} where published_at is null order by id limit ? for update skip locked`,
        [this.batchSize],
      );
      // All of the batch's publishes are written to the connection at once and their acks awaited together: one round
      // trip per batch instead of one per event. JetStream stores them in the order they were written, so the stream
      // keeps creation order. Only the prefix before the first failure is marked: the events after it were perhaps
      // stored too, and are published again by the next pass, whose copies JetStream's duplicate window drops (as
      // after a crash). So after a failure a later event may reach the stream before the failed one; consumers
      // already cannot rely on order across events, since a redelivery reorders them too.
      const outcomes = await Promise.allSettled(
        batch.map((event) =>
          this.publisher.publishSerialized(event.subject, { id: event.id, correlationId: event.correlation_id, causationId: event.causation_id, json: event.json }),
        ),
      );
      const failedAt = outcomes.findIndex((outcome) => outcome.status === 'rejected');
      const published = (failedAt === -1 ? batch : batch.slice(0, failedAt)).map((event) => event.id);
      if (failedAt !== -1) {
        const event = batch[failedAt]!;
        const error = (outcomes[failedAt] as PromiseRejectedResult).reason as unknown;
        this.publishFailed = true;
        const lastError = error instanceof Error ? error.message : String(error);
        await em.execute(`update ${outbox} set attempts = attempts + 1, last_error = ? where id = ?`, [lastError, event.id]);
        this.logger.warn({ eventId: event.id, subject: event.subject, err: error }, 'publishing an outbox event failed');
      }
      if (published.length) {
        await em.execute(`update ${outbox} set published_at = ? where id in (${published.map(() => '?').join(', ')})`, [new Date(), ...published]);
      }
      return published.length;
    });
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeUp = done;
    });
  }
}
