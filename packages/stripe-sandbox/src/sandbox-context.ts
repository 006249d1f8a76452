// What every part of the sandbox works with: the state, the clock and scheduler, the event log, and the options.
import type { SandboxClock } from './state/clock.js';
import type { Scheduler } from './state/scheduler.js';
import type { Store } from './state/store.js';
import type { EventLog } from './webhooks/event-log.js';
import type { WebhookDeliverer } from './webhooks/webhook-delivery.js';
import type { PaymentIntentObject } from './wire/objects.js';

export type SettlementOutcome = 'succeeded' | 'failed';

export interface SandboxContext {
  readonly store: Store;
  readonly clock: SandboxClock;
  readonly scheduler: Scheduler;
  readonly events: EventLog;
  readonly deliverer: WebhookDeliverer;
  readonly achSettleAfterMs: number;
  readonly apiVersion: string;
  /** http://127.0.0.1:<port>, for the hosted pages' URLs. */
  baseUrl(): string;
  log(line: string): void;
  /** Called when a payment that was processing settles or fails (checkout and billing follow up on their own). */
  readonly onPaymentSettled: Array<(paymentIntent: PaymentIntentObject, outcome: SettlementOutcome) => void>;
}
