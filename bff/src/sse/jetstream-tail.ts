import { randomUUID } from 'node:crypto';
import { jetstream, jetstreamManager, type Consumer, type ConsumerMessages, type OrderedConsumerOptions } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';
import type { StreamContract } from '@pm/contracts';

export interface TailMessage {
  /** The message's sequence in the JetStream stream: the SSE `id:`. */
  seq: number;
  subject: string;
  data: Uint8Array;
}

export interface JetStreamTail {
  readonly messages: AsyncIterable<TailMessage>;
  /** Stops reading and deletes the consumer on the server; safe to call twice. */
  close(): Promise<void>;
}

export interface TailOptions {
  /** Resume after this sequence (the browser's Last-Event-ID); without it, only events from now on. */
  afterSeq: number | undefined;
  /** How far back a resume may go: an older (or vanished) resume point replays this window only. */
  replayWindowMs: number;
  /** Messages pulled per request; with the writer waiting on a slow socket, at most this many wait in memory. */
  batch: number;
  /** The server removes a consumer nobody pulls from after this long (the BFF died without deleting it). */
  inactiveThresholdMs: number;
}

/**
 * Reads a stream contract's subjects from its JetStream stream with an ordered consumer: ephemeral, unacknowledged
 * (the browser's Last-Event-ID is the cursor), recreated by the client library after a gap or a NATS restart.
 */
export async function openJetStreamTail(nc: NatsConnection, stream: StreamContract, options: TailOptions): Promise<JetStreamTail> {
  const start = await startPosition(nc, stream.jetStream, options);
  const namePrefix = `bff_sse_${randomUUID().replaceAll('-', '')}`;
  const consumer: Consumer = await jetstream(nc).consumers.get(stream.jetStream, {
    name_prefix: namePrefix,
    filter_subjects: [...stream.subjects],
    inactive_threshold: options.inactiveThresholdMs,
    ...start,
  });
  const consumed: ConsumerMessages = await consumer.consume({ max_messages: options.batch });
  let closing: Promise<void> | undefined;
  let read = false;

  async function* messages(): AsyncGenerator<TailMessage> {
    read = true;
    for await (const message of consumed) yield { seq: message.seq, subject: message.subject, data: message.data };
  }

  return {
    messages: messages(),
    close: () =>
      (closing ??= (async () => {
        // The client's iterator ends only once it is read past its stop: a tail closed before anyone read it (a
        // request stream whose start call was refused) is read here, to its end, so closing it does not wait forever.
        if (!read) void (async () => {
          for await (const _message of consumed);
        })();
        await consumed.close();
        // Closing only stops pulling; the ordered consumer would linger on the server until its inactive threshold.
        await consumer.delete().catch(() => undefined);
      })()),
  };
}

async function startPosition(nc: NatsConnection, streamName: string, options: TailOptions): Promise<Partial<OrderedConsumerOptions>> {
  const { afterSeq, replayWindowMs } = options;
  const jsm = await jetstreamManager(nc);
  const { state } = await jsm.streams.info(streamName);
  // An explicit sequence rather than DeliverPolicy.New: the ordered consumer restarts from its cursor after a NATS
  // hiccup, and with New its cursor would be 0 until the first message, i.e. the whole stream replayed. An id from
  // beyond the stream's end was not ours (or the stream was recreated): the client gets what comes next.
  if (afterSeq === undefined || afterSeq >= state.last_seq) return { opt_start_seq: state.last_seq + 1 };
  const windowStart = new Date(Date.now() - replayWindowMs);
  const resumePoint = afterSeq >= state.first_seq ? await jsm.streams.getMessage(streamName, { seq: afterSeq }).catch(() => null) : null;
  if (resumePoint && resumePoint.time >= windowStart) return { opt_start_seq: afterSeq + 1 };
  return { opt_start_time: windowStart.toISOString() };
}
