// Records events (GET /v1/events) and hands each to the webhook deliverer. An event carries a copy of the object as
// it was when the event happened, `account` for events on a connected account (so they go to Connect endpoints), and
// the API request that caused it, if any.
import { newId } from '../state/ids.js';
import type { SandboxClock } from '../state/clock.js';
import type { Owner, Store } from '../state/store.js';
import type { EventObject, WireObject } from '../wire/objects.js';
import type { WebhookDeliverer } from './webhook-delivery.js';

export class EventLog {
  private request: { id: string; idempotency_key: string | null } | null = null;

  constructor(
    private readonly store: Store,
    private readonly clock: SandboxClock,
    private readonly deliverer: WebhookDeliverer,
    private readonly apiVersion: string,
  ) {}

  /** Attributes events emitted while `fn` runs to an API request. */
  during<T>(request: { id: string; idempotency_key: string | null }, fn: () => T): T {
    const outer = this.request;
    this.request = request;
    try {
      return fn();
    } finally {
      this.request = outer;
    }
  }

  emit(type: string, object: WireObject, owner: Owner, previousAttributes?: Record<string, unknown>): EventObject {
    const event: EventObject = {
      id: newId('evt'),
      object: 'event',
      ...(owner ? { account: owner } : {}),
      api_version: this.apiVersion,
      created: this.clock.nowSec(),
      data: {
        object: structuredClone(object),
        ...(previousAttributes && Object.keys(previousAttributes).length > 0 ? { previous_attributes: structuredClone(previousAttributes) } : {}),
      },
      livemode: false,
      pending_webhooks: 0,
      request: this.request ? { ...this.request } : { id: null, idempotency_key: null },
      type,
    };
    event.pending_webhooks = this.deliverer.targetsFor(event).length;
    this.store.events.insert(event, owner);
    this.store.changed();
    this.deliverer.enqueue(event);
    return event;
  }

}

/** The top-level fields of `before` that differ in `after`, with their old values (an event's previous_attributes). */
export function changedFields(before: object, after: object): Record<string, unknown> {
  const changed: Record<string, unknown> = {};
  const a = before as Record<string, unknown>;
  const b = after as Record<string, unknown>;
  for (const key of Object.keys(b)) {
    if (JSON.stringify(a[key]) !== JSON.stringify(b[key])) changed[key] = a[key] ?? null;
  }
  return changed;
}
