import { jetstreamManager, JetStreamApiError, RetentionPolicy, StorageType, type StreamConfig } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';
import { allStreams, deadLetterStream, type StreamDefinition } from '@pm/contracts';
import { maxDeliveriesAdvisoryStream } from '../dead-letters/max-deliveries-watcher.js';

const nanos = (ms: number) => ms * 1_000_000;

/** How long JetStream remembers a `Nats-Msg-Id`: the outbox relay's retries must land inside it. */
export const DUPLICATE_WINDOW_MS = 2 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

function configOf(stream: StreamDefinition): Partial<StreamConfig> & { name: string } {
  const isDeadLetter = stream.name === deadLetterStream.name;
  return {
    name: stream.name,
    subjects: [...stream.subjects],
    storage: StorageType.File,
    retention: RetentionPolicy.Limits,
    duplicate_window: nanos(DUPLICATE_WINDOW_MS),
    // Context streams keep a week so a consumer that was down can catch up; dead letters stay a month for replay.
    max_age: nanos(isDeadLetter ? 30 * DAY_MS : 7 * DAY_MS),
  };
}

/**
 * Creates every stream of the registry, and the stream keeping max-deliveries advisories until a consumer's process
 * dead-letters them, or updates them to the declared config. Idempotent; every process calls it on connect, so no
 * consumer can start before its stream exists.
 */
export async function ensureStreams(nc: NatsConnection, streams: readonly StreamDefinition[] = allStreams): Promise<void> {
  const jsm = await jetstreamManager(nc);
  for (const stream of [...streams, maxDeliveriesAdvisoryStream]) {
    const config = configOf(stream);
    try {
      await jsm.streams.add(config);
    } catch (error) {
      // "stream name already in use with a different configuration": bring it to the declared shape.
      if (error instanceof JetStreamApiError && error.code === 10058) await jsm.streams.update(stream.name, config);
      else throw error;
    }
  }
}
