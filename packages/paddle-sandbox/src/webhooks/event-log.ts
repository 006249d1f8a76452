// Records what happened (the index page and GET /_sandbox/events list it) and hands each event to the deliverer.
// An event carries a copy of the entity as it was at that moment, in the shape Paddle's notifications use.
import type { SandboxClock } from '../state/clock.js';
import { newId } from '../state/ids.js';
import type { Store } from '../state/store.js';
import type { EventRecord, EventType } from '../wire/objects.js';
import type { WebhookDeliverer } from './webhook-delivery.js';

export class EventLog {
  constructor(
    private readonly store: Store,
    private readonly clock: SandboxClock,
    private readonly deliverer: WebhookDeliverer,
  ) {}

  emit(type: EventType, data: object): EventRecord {
    const event: EventRecord = { event_id: newId('evt', this.clock.nowMs()), event_type: type, occurred_at: this.clock.nowIso(), data: structuredClone(data) };
    this.store.events.add({ id: event.event_id, ...event });
    this.store.changed();
    this.deliverer.send(event);
    return event;
  }
}
