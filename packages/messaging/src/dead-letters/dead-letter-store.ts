import { jetstreamManager, type JetStreamManager, type MsgRequest, type StoredMsg } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';
import { deadLetterStream, deadLetterSubjectOf } from '@pm/contracts';
import { EventPublisher } from '../events/event-publisher.js';
import { Headers } from '../nats/headers.js';

export interface DeadLetterEntry {
  /** Sequence in the dead-letter stream: what `replay <seq>` takes. */
  seq: number;
  /** The subject the event was published to, and is replayed to. */
  subject: string;
  /** The consumer that gave up on it (`<service>.<event>`), empty if unknown. */
  consumer: string;
  reason: string;
  /** The envelope's id, or null when the payload was not an envelope (a schema failure). */
  eventId: string | null;
  deliveries: number | null;
  time: Date;
}

export type DeadLetterSelection = { seq: number } | { subject: string } | { all: true };

export interface ReplayedDeadLetter {
  entry: DeadLetterEntry;
  /** The replay's sequence in the context stream. */
  replaySeq: number;
}

/** `pm.portfolio.tenant.created.v1`, `pm.portfolio.>` or an explicit `pm.dlq.…` subject → the dead-letter filter. */
export function deadLetterFilterOf(subject: string): string {
  return subject.startsWith('pm.dlq.') ? subject : deadLetterSubjectOf(subject);
}

/** The replay's `Nats-Msg-Id`: new to the context stream's duplicate window (the event id is not), yet stable per dead letter. */
export function replayMessageId(deadLetterSeq: number): string {
  return `dlq-replay:${deadLetterStream.name}:${deadLetterSeq}`;
}

/**
 * Reads and replays the dead-letter stream. A replay publishes the message to its original subject, addressed (by
 * header) to the consumer that dead-lettered it only, then deletes it from the dead-letter stream. Other consumers
 * of the subject ack it untouched: they handled the event long ago and may have pruned its inbox row. The consumer
 * it is addressed to has no inbox row for it (the row commits only with a successful handling), so it runs.
 */
export class DeadLetterStore {
  private readonly publisher: EventPublisher;
  private jsm: JetStreamManager | undefined;

  constructor(private readonly nc: NatsConnection) {
    this.publisher = new EventPublisher(nc);
  }

  async list(filter: { subject?: string } = {}): Promise<DeadLetterEntry[]> {
    const jsm = await this.manager();
    const subject = filter.subject ? deadLetterFilterOf(filter.subject) : deadLetterStream.subjects[0]!;
    const { state } = await jsm.streams.info(deadLetterStream.name);
    const entries: DeadLetterEntry[] = [];
    let seq = state.first_seq;
    while (state.messages > 0 && seq <= state.last_seq) {
      // STREAM.MSG.GET takes `next_by_subj` with `seq` (the first match at or after it); the client's type omits it.
      const query = { seq, next_by_subj: subject } as unknown as MsgRequest;
      const stored = await jsm.streams.getMessage(deadLetterStream.name, query);
      if (!stored || stored.seq > state.last_seq) break;
      entries.push(entryOf(stored));
      seq = stored.seq + 1;
    }
    return entries;
  }

  async replay(selection: DeadLetterSelection): Promise<ReplayedDeadLetter[]> {
    const entries =
      'seq' in selection ? [await this.get(selection.seq)] : await this.list('subject' in selection ? { subject: selection.subject } : {});
    const replayed: ReplayedDeadLetter[] = [];
    for (const entry of entries) replayed.push(await this.replayOne(entry));
    return replayed;
  }

  private async get(seq: number): Promise<DeadLetterEntry> {
    const stored = await (await this.manager()).streams.getMessage(deadLetterStream.name, { seq });
    if (!stored) throw new DeadLetterNotFound(seq);
    return entryOf(stored);
  }

  private async replayOne(entry: DeadLetterEntry): Promise<ReplayedDeadLetter> {
    const jsm = await this.manager();
    const stored = await jsm.streams.getMessage(deadLetterStream.name, { seq: entry.seq });
    if (!stored) throw new DeadLetterNotFound(entry.seq);
    const headers: Record<string, string> = { [Headers.replayOf]: String(entry.seq) };
    if (entry.consumer) headers[Headers.replayConsumer] = entry.consumer;
    const correlationId = stored.header?.get(Headers.correlationId);
    if (correlationId) headers[Headers.correlationId] = correlationId;
    // If we die between publish and delete, a second replay within the duplicate window stores nothing new.
    const ack = await this.publisher.publishRaw(entry.subject, stored.data, headers, replayMessageId(entry.seq));
    await jsm.streams.deleteMessage(deadLetterStream.name, entry.seq, false);
    return { entry, replaySeq: ack.seq };
  }

  private async manager(): Promise<JetStreamManager> {
    this.jsm ??= await jetstreamManager(this.nc);
    return this.jsm;
  }
}

export class DeadLetterNotFound extends Error {
  constructor(readonly seq: number) {
    super(`No dead letter with sequence ${seq}`);
  }
}

function entryOf(stored: StoredMsg): DeadLetterEntry {
  const header = (name: string) => stored.header?.get(name) ?? '';
  const deliveries = Number.parseInt(header(Headers.deadLetterDeliveries), 10);
  return {
    seq: stored.seq,
    subject: header(Headers.deadLetterOriginalSubject) || `pm.${stored.subject.slice('pm.dlq.'.length)}`,
    consumer: header(Headers.deadLetterConsumer),
    reason: header(Headers.deadLetterReason),
    eventId: eventIdOf(stored),
    deliveries: Number.isNaN(deliveries) ? null : deliveries,
    time: stored.time,
  };
}

function eventIdOf(stored: StoredMsg): string | null {
  try {
    const id = (stored.json() as { id?: unknown } | null)?.id;
    return typeof id === 'string' ? id : null;
  } catch {
    return null;
  }
}
