// What every part of the sandbox works with: the state, the clock and scheduler, the event log, and the options.
import type { SandboxClock } from './state/clock.js';
import type { Scheduler } from './state/scheduler.js';
import type { Store } from './state/store.js';
import type { EventLog } from './webhooks/event-log.js';
import type { WebhookDeliverer } from './webhooks/webhook-delivery.js';

export interface SandboxContext {
  readonly store: Store;
  readonly clock: SandboxClock;
  readonly scheduler: Scheduler;
  readonly events: EventLog;
  readonly deliverer: WebhookDeliverer;
  /** The one API key accepted, or undefined for any `pdl_sdbx_apikey_…` key. */
  readonly apiKey: string | undefined;
  /** http://127.0.0.1:<port>, for hosted pages' URLs and pagination links. */
  baseUrl(): string;
  log(line: string): void;
}
