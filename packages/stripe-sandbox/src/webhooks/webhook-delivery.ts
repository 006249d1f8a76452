// Delivers each event to every endpoint that wants it: POST of the event as JSON, signed as Stripe signs. A non-2xx
// answer or a connection failure is retried with exponential backoff, a bounded number of times; stop() cancels
// retries and aborts requests in flight. By default an endpoint receives events one at a time in the order they
// were created; `order: 'shuffled'` and `duplicates` reproduce what Stripe allows (any order, at least once).
import type { EventObject } from '../wire/objects.js';
import { signatureHeader } from './signature.js';

export interface WebhookTarget {
  id: string;
  url: string;
  secret: string;
  /** Connect endpoints receive events of connected accounts (those with `account`); others the platform's own. */
  connect: boolean;
  /** Event types, or `['*']`. */
  enabledEvents: string[];
}

export interface WebhookRetryOptions {
  /** Attempts in all, the first included (default 8). */
  maxAttempts?: number;
  /** Wait before the first retry (default 1000 ms), doubled after each failure. */
  initialDelayMs?: number;
  /** Longest wait between attempts (default 60 000 ms). */
  maxDelayMs?: number;
}

export interface WebhookDeliveryOptions {
  /** `creation` (default): each endpoint receives events in the order they were created. */
  order?: 'creation' | 'shuffled';
  /** Deliver every event twice, as Stripe may. */
  duplicates?: boolean;
}

export interface DeliveryAttempt {
  eventId: string;
  eventType: string;
  endpointId: string;
  url: string;
  attempt: number;
  at: number;
  /** HTTP status, or the connection error's message. */
  outcome: number | string;
  delivered: boolean;
}

const TIMEOUT_MS = 10_000;
const KEPT_ATTEMPTS = 500;

export class WebhookDeliverer {
  private readonly batch: EventObject[] = [];
  private flushScheduled = false;
  private readonly queues = new Map<string, Promise<void>>();
  private readonly retryTimers = new Set<NodeJS.Timeout>();
  private readonly controllers = new Set<AbortController>();
  private inFlight = 0;
  private idleWaiters: Array<() => void> = [];
  private stopped = false;
  readonly attempts: DeliveryAttempt[] = [];

  constructor(
    private readonly targets: () => WebhookTarget[],
    private readonly options: { retry: Required<WebhookRetryOptions>; delivery: Required<WebhookDeliveryOptions> },
    private readonly onDelivered: (eventId: string) => void,
    private readonly log: (line: string) => void,
  ) {}

  targetsFor(event: EventObject): WebhookTarget[] {
    return this.targets().filter(
      (t) => t.connect === (event.account !== undefined) && (t.enabledEvents.includes('*') || t.enabledEvents.includes(event.type)),
    );
  }

  enqueue(event: EventObject): void {
    if (this.stopped) return;
    this.batch.push(event);
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    // Events made by one request or job leave together, so that `shuffled` can reorder them.
    setImmediate(() => this.flush());
  }

  /** Resolves once nothing is queued, in flight or waiting for a retry. */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.batch.length = 0;
    for (const timer of this.retryTimers) clearTimeout(timer);
    this.retryTimers.clear();
    for (const controller of this.controllers) controller.abort();
    await Promise.allSettled([...this.queues.values()]);
    this.notifyIdle();
  }

  private flush(): void {
    this.flushScheduled = false;
    const events = this.batch.splice(0);
    if (this.options.delivery.order === 'shuffled') shuffle(events);
    for (const event of events) {
      const payload = JSON.stringify(event, null, 2);
      for (const target of this.targetsFor(event)) {
        const copies = this.options.delivery.duplicates ? 2 : 1;
        for (let i = 0; i < copies; i++) this.queueAttempt(target, event, payload, 1);
      }
    }
    this.notifyIdle();
  }

  private queueAttempt(target: WebhookTarget, event: EventObject, payload: string, attempt: number): void {
    if (this.stopped) return;
    this.inFlight++;
    const previous = this.queues.get(target.id) ?? Promise.resolve();
    const next = previous.then(() => this.attempt(target, event, payload, attempt)).finally(() => {
      this.inFlight--;
      if (this.queues.get(target.id) === next) this.queues.delete(target.id);
      this.notifyIdle();
    });
    this.queues.set(target.id, next);
  }

  private async attempt(target: WebhookTarget, event: EventObject, payload: string, attempt: number): Promise<void> {
    if (this.stopped) return;
    const controller = new AbortController();
    this.controllers.add(controller);
    const timeout = setTimeout(() => controller.abort(), TIMEOUT_MS);
    let outcome: number | string;
    try {
      const response = await fetch(target.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': signatureHeader(payload, target.secret),
        },
        body: payload,
        signal: controller.signal,
      });
      await response.arrayBuffer().catch(() => undefined);
      outcome = response.status;
    } catch (error) {
      outcome = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    } finally {
      clearTimeout(timeout);
      this.controllers.delete(controller);
    }
    const delivered = typeof outcome === 'number' && outcome >= 200 && outcome < 300;
    this.record({ eventId: event.id, eventType: event.type, endpointId: target.id, url: target.url, attempt, at: Date.now(), outcome, delivered });
    if (delivered) {
      this.onDelivered(event.id);
      return;
    }
    if (this.stopped) return;
    const { maxAttempts, initialDelayMs, maxDelayMs } = this.options.retry;
    if (attempt >= maxAttempts) {
      this.log(`webhook ${event.id} (${event.type}) to ${target.url} given up after ${attempt} attempts (last: ${outcome})`);
      return;
    }
    const delay = Math.min(initialDelayMs * 2 ** (attempt - 1), maxDelayMs);
    const timer = setTimeout(() => {
      this.retryTimers.delete(timer);
      this.queueAttempt(target, event, payload, attempt + 1);
    }, delay);
    this.retryTimers.add(timer);
  }

  private record(attempt: DeliveryAttempt): void {
    this.attempts.push(attempt);
    if (this.attempts.length > KEPT_ATTEMPTS) this.attempts.splice(0, this.attempts.length - KEPT_ATTEMPTS);
  }

  private isIdle(): boolean {
    return this.batch.length === 0 && !this.flushScheduled && this.inFlight === 0 && this.retryTimers.size === 0;
  }

  private notifyIdle(): void {
    if (!this.isIdle() && !this.stopped) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}

function shuffle<T>(items: T[]): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
}
