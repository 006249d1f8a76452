export interface ConsumerOptions {
  /** Attempts before the event is dead-lettered (handler errors only; a schema failure dead-letters at once). */
  maxDeliver?: number;
  /** Delay before each retry after a handler error, by attempt; the last value repeats. */
  backoffMs?: number[];
  /** How long the server waits for an ack before redelivering, e.g. after the process died mid-batch. */
  ackWaitMs?: number;
  /** Messages pulled per request. */
  batchSize?: number;
  /**
   * `per-event` (the default): each event in its own transaction with its inbox row. `per-batch`: the events at hand
   * together (what one pull delivered, up to `batchSize`) in one transaction, with one inbox insert for all of them,
   * which saves a busy consumer three round trips per event. Only for handlers that do nothing but write through
   * the transaction: if one of them fails, the batch is rolled back and its events are handled again one by one,
   * so a handler with effects outside the database would repeat them.
   */
  transaction?: 'per-event' | 'per-batch';
}

export const consumerDefaults: Required<ConsumerOptions> = {
  maxDeliver: 5,
  backoffMs: [1_000, 5_000, 30_000, 120_000],
  ackWaitMs: 30_000,
  batchSize: 32,
  transaction: 'per-event',
};

export function resolveConsumerOptions(options: ConsumerOptions | undefined): Required<ConsumerOptions> {
  return { ...consumerDefaults, ...options };
}

/**
 * The server's delivery limit: one more than our own, because we dead-letter on the last attempt we see; the
 * server's limit only catches a message whose every delivery kills the process (then the max-deliveries advisory
 * dead-letters it, see MaxDeliveriesWatcher).
 */
export function serverMaxDeliver(options: Required<ConsumerOptions>): number {
  return options.maxDeliver + 1;
}

/** The retry delay after a handler error on the given (1-based) delivery. */
export function backoffAfter(options: Required<ConsumerOptions>, deliveryCount: number): number {
  return options.backoffMs[Math.min(deliveryCount - 1, options.backoffMs.length - 1)] ?? 0;
}

/**
 * The longest time between the first and the last delivery of one message while its consumer keeps running: each
 * of the server's redeliveries waits at most the ack wait (the handler ran that long, or the process died) plus the
 * backoff we asked for.
 */
export function redeliverySpanMs(options: ConsumerOptions | undefined): number {
  const resolved = resolveConsumerOptions(options);
  let span = 0;
  for (let delivery = 1; delivery < serverMaxDeliver(resolved); delivery++) span += resolved.ackWaitMs + backoffAfter(resolved, delivery);
  return span;
}
