import { DUPLICATE_WINDOW_MS } from '../nats/ensure-streams.js';
import { inboxRetentionMs, OUTBOX_RETENTION_MS } from '../housekeeping/retention-windows.js';
import { backoffAfter, consumerDefaults, redeliverySpanMs, resolveConsumerOptions, serverMaxDeliver } from './consumer-limits.js';

describe('consumer limits and the retention windows derived from them', () => {
  it('spans every redelivery the server may still make: ack wait plus our backoff, per redelivery', () => {
    // Server limit 3 → two redeliveries after the first delivery.
    expect(redeliverySpanMs({ maxDeliver: 2, backoffMs: [100, 400], ackWaitMs: 1_000 })).toBe(1_100 + 1_400);
    const defaults = resolveConsumerOptions(undefined);
    let expected = 0;
    for (let delivery = 1; delivery < serverMaxDeliver(defaults); delivery++) expected += defaults.ackWaitMs + backoffAfter(defaults, delivery);
    expect(redeliverySpanMs(undefined)).toBe(expected);
    expect(serverMaxDeliver(defaults)).toBe(consumerDefaults.maxDeliver + 1);
  });

  it('repeats the last backoff value', () => {
    const options = resolveConsumerOptions({ backoffMs: [10, 20] });
    expect([1, 2, 3, 7].map((n) => backoffAfter(options, n))).toEqual([10, 20, 20, 20]);
  });

  it('keeps inbox rows for the duplicate window plus the slowest consumer, never less than the defaults', () => {
    const slow = { maxDeliver: 10, backoffMs: [600_000], ackWaitMs: 60_000 };
    expect(inboxRetentionMs([slow, undefined])).toBe(DUPLICATE_WINDOW_MS + redeliverySpanMs(slow));
    expect(inboxRetentionMs([{ maxDeliver: 1, backoffMs: [0], ackWaitMs: 10 }])).toBe(DUPLICATE_WINDOW_MS + redeliverySpanMs(undefined));
    expect(OUTBOX_RETENTION_MS).toBe(DUPLICATE_WINDOW_MS);
  });
});
