// Sends each event to every notification destination that subscribed to its type: a POST of the notification as
// JSON with Paddle-Signature, signed afresh for each attempt. A destination gets its notifications one at a time, in
// the order the events happened; a non-2xx answer, a connection failure or no answer in 10 s is retried with
// exponential backoff, a bounded number of times, while later notifications go on (so a retried one arrives after
// them, as on Paddle). stop() cancels retries and aborts requests in flight.
import { newId } from '../state/ids.js';
import type { EventRecord, EventType, NotificationBody } from '../wire/objects.js';
import { paddleSignature } from './signature.js';

export interface NotificationDestination {
  /** The URL Paddle POSTs to. */
  destination: string;
  /** The destination's secret key (Paddle's `endpoint_secret_key`), which signs each notification. */
  secretKey: string;
  /** Event types it receives; all the sandbox sends when absent. */
  subscribedEvents?: EventType[];
}

export interface WebhookRetryOptions {
  /** Attempts in all, the first included (default 5). */
  maxAttempts?: number;
  /** Wait before the first retry (default 1000 ms), doubled after each failure. */
  initialDelayMs?: number;
  /** Longest wait between two attempts (default 60 000 ms). */
  maxDelayMs?: number;
}

export interface DeliveryAttempt {
  eventId: string;
  eventType: EventType;
  notificationId: string;
  destination: string;
  attempt: number;
  /** Real time of the attempt, ISO. */
  at: string;
  /** The HTTP status, or why there was none. */
  outcome: number | string;
  delivered: boolean;
}

const TIMEOUT_MS = 10_000;
const KEPT_ATTEMPTS = 500;

interface Notification {
  target: NotificationDestination;
  event: EventRecord;
  body: string;
  notificationId: string;
}

export class WebhookDeliverer {
  private readonly chains = new Map<string, Promise<void>>();
  private readonly retryTimers = new Set<NodeJS.Timeout>();
  private readonly controllers = new Set<AbortController>();
  private pending = 0;
  private waiters: Array<() => void> = [];
  private stopped = false;
  readonly attempts: DeliveryAttempt[] = [];

  constructor(
    private readonly destinations: readonly NotificationDestination[],
    private readonly retry: Required<WebhookRetryOptions>,
    private readonly log: (line: string) => void,
  ) {}

  send(event: EventRecord): void {
    if (this.stopped) return;
    for (const target of this.destinations) {
      if (target.subscribedEvents && !target.subscribedEvents.includes(event.event_type)) continue;
      const notificationId = newId('ntf');
      const body: NotificationBody = { event_id: event.event_id, event_type: event.event_type, occurred_at: event.occurred_at, notification_id: notificationId, data: event.data };
      this.enqueue({ target, event, body: JSON.stringify(body), notificationId }, 1);
    }
  }

  /** Resolves once nothing is queued, in flight or waiting to be retried. */
  idle(): Promise<void> {
    if (this.pending === 0 && this.retryTimers.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.retryTimers) clearTimeout(timer);
    this.retryTimers.clear();
    for (const controller of this.controllers) controller.abort();
    await Promise.allSettled([...this.chains.values()]);
    this.settle();
  }

  private enqueue(notification: Notification, attempt: number): void {
    if (this.stopped) return;
    this.pending++;
    const key = notification.target.destination;
    const chain = (this.chains.get(key) ?? Promise.resolve())
      .then(() => this.attempt(notification, attempt))
      .finally(() => {
        this.pending--;
        if (this.chains.get(key) === chain) this.chains.delete(key);
        this.settle();
      });
    this.chains.set(key, chain);
  }

  private async attempt(notification: Notification, attempt: number): Promise<void> {
    if (this.stopped) return;
    const { target, event, body } = notification;
    const controller = new AbortController();
    this.controllers.add(controller);
    const timeout = setTimeout(() => controller.abort(new Error(`no answer in ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
    let outcome: number | string;
    try {
      const response = await fetch(target.destination, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'paddle-signature': paddleSignature(body, target.secretKey), 'user-agent': 'Paddle (sandbox)' },
        body,
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
    this.attempts.push({ eventId: event.event_id, eventType: event.event_type, notificationId: notification.notificationId, destination: target.destination, attempt, at: new Date().toISOString(), outcome, delivered });
    if (this.attempts.length > KEPT_ATTEMPTS) this.attempts.splice(0, this.attempts.length - KEPT_ATTEMPTS);
    if (delivered || this.stopped) return;
    if (attempt >= this.retry.maxAttempts) {
      this.log(`notification ${notification.notificationId} (${event.event_type}) to ${target.destination} given up after ${attempt} attempts (last: ${outcome})`);
      return;
    }
    const timer = setTimeout(
      () => {
        this.retryTimers.delete(timer);
        this.enqueue(notification, attempt + 1);
      },
      Math.min(this.retry.initialDelayMs * 2 ** (attempt - 1), this.retry.maxDelayMs),
    );
    this.retryTimers.add(timer);
  }

  private settle(): void {
    if (!this.stopped && (this.pending > 0 || this.retryTimers.size > 0)) return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }
}
