import { setTimeout as sleep } from 'node:timers/promises';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { InboundMedia } from '@pm/contracts';
import { PreparedStatement } from '@pm/nest-kit';
import { table } from '../routing/routing-tables.js';
import type { InboundSms } from './inbound-sms.form.js';
import { ReceiveInboundSms, type SmsDelivery } from './receive-inbound-sms.js';

/** The most deliveries one routing batch takes (its two statements carry a value array per column). */
const MAX_BATCH = 200;
/**
 * The longest routing waits for acknowledgements under way (see `yieldToAcknowledgements`): the inbox's lag behind a
 * burst of posts is at most this, while the burst lasts; it catches up as soon as the acknowledgements pause.
 */
const MAX_YIELD_MS = 1_000;
/** Acknowledgements have paused when none was under way for this long (between a provider's posts, a few ms pass). */
const PAUSE_MS = 5;
/** How long an acknowledged delivery is left to the process that took it before the sweep routes it instead. */
const LEASE_SECONDS = 30;
/** How often the sweep looks for deliveries no process routed. */
const SWEEP_MS = 5_000;
/** A failed delivery waits this much longer after each failure, up to ten minutes, and is logged each time. */
const BACKOFF_SECONDS = 10;
const MAX_BACKOFF_SECONDS = 600;

/**
 * The SMS webhook's durable acknowledgement, and the routing just after it.
 *
 * Why two steps: the provider needs to know only that the message is safe, and storing it routed (the number's
 * route, the sender's tenant and session, the message, its draft and two events) costs a read and a write of five
 * rows per post, several times a single insert. So a signed, valid post is one row of `sms_intake` (keyed by the
 * provider's id: a redelivery is stored once) before the 200, and this process routes what it acknowledged a moment
 * later, in batches (ReceiveInboundSms: two statements per batch, however many it holds), then deletes those rows.
 * Under load the batches grow by themselves: what arrives while one batch is written makes the next.
 *
 * Acknowledgements come first: while posts are being acknowledged, routing waits (up to MAX_YIELD_MS) instead of
 * taking the same cores, since the provider's answer has a deadline (Twilio's 15 s, then a redelivery that doubles
 * the load) and the inbox does not: a burst is acknowledged at the rate of one insert per post, and routed just after,
 * in large batches. Routing always makes progress: while the oldest waiting delivery has waited MAX_YIELD_MS or
 * more, it runs without yielding. A load above what routing keeps pace with waits in the intake, durably, and the
 * backlog clears when the load falls.
 *
 * Nothing acknowledged is lost: a row stays until its messages are stored. Rows this process could not route (a
 * failed batch, a crash, a stop) are taken up by the sweep of any replica once their lease is over, and a failing
 * one is retried with a growing backoff and logged, without holding up the others. Routing twice is harmless: the
 * message's provider id is unique, so a second routing stores nothing.
 */
@Injectable()
export class SmsIntake implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(SmsIntake.name);
  /** Acknowledged and not routed yet, oldest first, each with when it was queued (performance.now()). */
  private readonly waiting: { delivery: SmsDelivery; queuedAt: number }[] = [];
  /** Posts being acknowledged (see `acknowledging`), and when the last one was answered (performance.now()). */
  private underWay = 0;
  private lastAnsweredAt = 0;
  /** Who waits for a delivery this process acknowledged and has not routed yet (see `whenRouted`), by `keyOf`. */
  private readonly unrouted = new Map<string, (() => void)[]>();
  private routing: Promise<void> | undefined;
  private sweeping: Promise<void> | undefined;
  private sweeper: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly orm: MikroORM,
    private readonly receiver: ReceiveInboundSms,
  ) {}

  /** Stores the delivery durably (resolves once committed) and routes it soon after; a redelivery is stored once. */
  async accept(sms: InboundSms, provider: string, receivedAt: Date): Promise<void> {
    const inserted = await acceptStatement.run(this.orm, [provider, sms.messageSid, sms.from, sms.to, sms.body, JSON.stringify(sms.media), receivedAt, `${LEASE_SECONDS} seconds`]);
    if (inserted.length === 0 || this.stopped) return;
    this.unrouted.set(keyOf(provider, sms.messageSid), []);
    this.waiting.push({ delivery: { sms, provider, receivedAt }, queuedAt: performance.now() });
    this.routeWaiting();
  }

  /**
   * Runs one post's acknowledgement, from its arrival to its answer (the webhook's whole handling): while any is under
   * way, routing waits (see `yieldToAcknowledgements`).
   */
  async acknowledging<T>(answer: () => Promise<T>): Promise<T> {
    this.underWay++;
    try {
      return await answer();
    } finally {
      this.underWay--;
      this.lastAnsweredAt = performance.now();
    }
  }

  /**
   * Resolves once this process has tried to route the delivery it acknowledged (at once for any other): for the
   * sandbox phone, whose sender sees their text in the thread as soon as they sent it.
   */
  whenRouted(provider: string, messageSid: string): Promise<void> {
    const waiters = this.unrouted.get(keyOf(provider, messageSid));
    return waiters ? new Promise((resolve) => waiters.push(resolve)) : Promise.resolve();
  }

  onApplicationBootstrap(): void {
    // The first sweep at once: rows a stopped or crashed process left, whose lease is over.
    this.sweeper = setInterval(() => this.sweepOnce(), SWEEP_MS);
    this.sweeper.unref();
    this.sweepOnce();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearInterval(this.sweeper);
    // What is waiting still gets routed, and a sweep under way finishes, before the database goes.
    await Promise.all([this.routing, this.sweeping]);
  }

  /** One routing loop at a time: while a batch is written, what arrives waits and makes the next batch. */
  private routeWaiting(): void {
    if (this.routing) return;
    this.routing = (async () => {
      while (this.waiting.length > 0) {
        await this.yieldToAcknowledgements(this.waiting[0]!.queuedAt + MAX_YIELD_MS);
        await this.route(this.waiting.splice(0, MAX_BATCH).map(({ delivery }) => delivery));
      }
    })().finally(() => {
      this.routing = undefined;
      // A delivery accepted between the loop's last check and here.
      if (this.waiting.length > 0) this.routeWaiting();
    });
  }

  /**
   * Resolves once acknowledgements have paused (none under way for PAUSE_MS), or at `deadline` (a performance.now()
   * time), whichever comes first; at once when stopping. A single post (the usual case) is routed PAUSE_MS after its
   * answer. Checked by a timer, cheaper than tracking every post's end: while posts are under way, every PAUSE_MS;
   * once none is, when the pause since the last answer will be over.
   */
  private async yieldToAcknowledgements(deadline: number): Promise<void> {
    for (;;) {
      const now = performance.now();
      const pauseLeft = this.underWay === 0 ? this.lastAnsweredAt + PAUSE_MS - now : PAUSE_MS;
      if (pauseLeft <= 0 || now >= deadline || this.stopped) return;
      await sleep(Math.min(pauseLeft, deadline - now));
    }
  }

  /** One sweep at a time: a slow one is not joined by the next tick's. */
  private sweepOnce(): void {
    if (this.sweeping || this.stopped) return;
    this.sweeping = this.sweep().finally(() => {
      this.sweeping = undefined;
    });
  }

  /** Deliveries whose lease or backoff is over: claimed (their next attempt put off first) and routed. */
  private async sweep(): Promise<void> {
    try {
      for (;;) {
        const claimed = await claimStatement.run(this.orm, [BACKOFF_SECONDS, MAX_BACKOFF_SECONDS, MAX_BATCH]);
        if (claimed.length === 0) return;
        for (const row of claimed) if (row.attempts > 1) this.logger.warn({ provider: row.provider, messageSid: row.message_sid, attempts: row.attempts, lastError: row.last_error }, 'routing an inbound SMS again');
        await this.route(claimed.map((row) => ({ provider: row.provider, receivedAt: new Date(row.received_at), sms: { messageSid: row.message_sid, from: row.from_address, to: row.to_address, body: row.body, media: row.media } })));
        if (claimed.length < MAX_BATCH || this.stopped) return;
      }
    } catch (error) {
      this.logger.error({ err: error }, 'the inbound SMS sweep failed; it runs again shortly');
    }
  }

  /** Routes a batch, then tells whoever waits for one of its deliveries. */
  private async route(batch: SmsDelivery[]): Promise<void> {
    try {
      await this.routeOrRetry(batch);
    } finally {
      for (const { provider, sms } of batch) {
        const key = keyOf(provider, sms.messageSid);
        for (const resolve of this.unrouted.get(key) ?? []) resolve();
        this.unrouted.delete(key);
      }
    }
  }

  /**
   * Routes a batch and forgets its rows. A failed batch is routed again one delivery at a time, so that one bad
   * delivery holds up nobody else's; one failing alone keeps its row (with the error) for a later attempt.
   */
  private async routeOrRetry(batch: SmsDelivery[]): Promise<void> {
    try {
      this.logUnrouted(batch, await this.receiver.receiveAll(batch));
      await forgetStatement.run(this.orm, [batch.map((d) => d.provider), batch.map((d) => d.sms.messageSid)]);
      return;
    } catch (error) {
      if (batch.length === 1) {
        const [delivery] = batch;
        this.logger.error({ err: error, provider: delivery!.provider, messageSid: delivery!.sms.messageSid }, 'an inbound SMS could not be routed; it is kept and retried');
        await this.noteFailure(delivery!, error);
        return;
      }
    }
    for (const delivery of batch) await this.routeOrRetry([delivery]);
  }

  private logUnrouted(batch: readonly SmsDelivery[], outcomes: readonly string[]): void {
    for (const [i, outcome] of outcomes.entries()) {
      if (outcome === 'unrouted') this.logger.warn({ messageSid: batch[i]!.sms.messageSid, to: batch[i]!.sms.to }, 'inbound SMS to a number no location has: kept as unrouted');
    }
  }

  private async noteFailure(delivery: SmsDelivery, error: unknown): Promise<void> {
    try {
      const em = this.orm.em.fork() as EntityManager;
      await em.execute(`update ${table(em, 'sms_intake')} set last_error = ? where provider = ? and message_sid = ?`, [String((error as Error)?.message ?? error).slice(0, 2_000), delivery.provider, delivery.sms.messageSid], 'run');
    } catch {
      // The database itself is failing: the row keeps its lease and the sweep retries it.
    }
  }
}

function keyOf(provider: string, messageSid: string): string {
  return `${provider} ${messageSid}`;
}

interface IntakeRow {
  provider: string;
  message_sid: string;
  from_address: string;
  to_address: string;
  body: string;
  media: InboundMedia[];
  /** As the pool reads a timestamptz: text. */
  received_at: string;
  attempts: number;
  last_error: string | null;
}

/** The acknowledgement's one statement: the delivery, leased to this process; nothing for an id already waiting. */
const acceptStatement = new PreparedStatement<{ message_sid: string }>(
  'messaging.sms-intake.accept',
  (em) => `insert into ${table(em, 'sms_intake')} (provider, message_sid, from_address, to_address, body, media, received_at, next_attempt_at)
       values (?, ?, ?, ?, ?, ?::jsonb, ?, now() + ?::interval)
       on conflict (provider, message_sid) do nothing
       returning message_sid`,
);

/** Rows due (lease or backoff over), oldest first, skipping those another replica is claiming; each next attempt put off. */
const claimStatement = new PreparedStatement<IntakeRow>(
  'messaging.sms-intake.claim',
  (em) => {
    const intake = table(em, 'sms_intake');
    return `update ${intake} i
          set attempts = i.attempts + 1,
              next_attempt_at = now() + least((i.attempts + 1) * ?::int, ?::int) * interval '1 second'
         from (select provider, message_sid from ${intake} where next_attempt_at <= now() order by next_attempt_at limit ? for update skip locked) due
        where i.provider = due.provider and i.message_sid = due.message_sid
        returning i.provider, i.message_sid, i.from_address, i.to_address, i.body, i.media, i.received_at, i.attempts, i.last_error`;
  },
);

/** Routed: the rows go (a redelivery after this is stored once more here, and routing finds its id stored). */
const forgetStatement = new PreparedStatement<never>(
  'messaging.sms-intake.forget',
  (em) => `delete from ${table(em, 'sms_intake')} i using unnest(?::text[], ?::text[]) as r (provider, message_sid)
        where i.provider = r.provider and i.message_sid = r.message_sid`,
);
