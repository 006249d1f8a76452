import { redeliverySpanMs, type ConsumerOptions } from '../events/consumer-limits.js';
import { DUPLICATE_WINDOW_MS } from '../nats/ensure-streams.js';

/**
 * How long an inbox row must outlive its handling: a redelivery of the event can arrive until the consumer's last
 * redelivery, and a re-publish of the same event id (relay retry) is absorbed by the stream's duplicate window
 * before that. Computed from the consumers' actual options so it grows with them.
 */
export function inboxRetentionMs(consumers: readonly (ConsumerOptions | undefined)[]): number {
  return DUPLICATE_WINDOW_MS + Math.max(redeliverySpanMs(undefined), ...consumers.map(redeliverySpanMs));
}

/** Published outbox rows matter only while the stream's duplicate window could still absorb a re-publish. */
export const OUTBOX_RETENTION_MS = DUPLICATE_WINDOW_MS;
