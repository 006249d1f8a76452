import { randomBytes } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { JetStreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';
import { deadLetterStream, deadLetterSubjectOf, type EventOf } from '@pm/contracts';
import { waitFor } from '@pm/testing';
import {
  EventConsumers,
  eventHandler,
  type EventPublisher,
  Headers,
  OutboxMessage,
  OutboxRelay,
  recordEvent,
  type SerializedEnvelope,
} from '../src/index.js';
import { noteCreatedContract } from './fixtures/note-events.js';
import { openMessagingWorld } from './fixtures/messaging-world.js';
import { killChildren, runChild } from './fixtures/run-child.js';
import { ProcessedEvent } from './fixtures/test-orm.js';

const tag = randomBytes(4).toString('hex');
const NoteCreated = noteCreatedContract(tag);
const quietLogger = { log: () => {}, warn: () => {}, error: () => {} };

let orm: MikroORM;
let nc: NatsConnection;
let jsm: JetStreamManager;
let publisher: EventPublisher;
let schema: string;
let closeWorld: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ schema, orm, nc, jsm, publisher, close: closeWorld } = await openMessagingWorld('messaging'));
});

afterAll(async () => {
  killChildren();
  await closeWorld?.();
});

/** How many messages the context stream holds for one subject. */
async function storedCount(subject: string, stream = 'PM_PORTFOLIO'): Promise<number> {
  const info = await jsm.streams.info(stream, { subjects_filter: subject });
  return info.state.subjects?.[subject] ?? 0;
}

function note(text: string) {
  return { noteId: randomBytes(6).toString('hex'), text };
}

describe('transactional outbox', () => {
  it('publishes nothing when the transaction that recorded the event rolls back', async () => {
    const subject = NoteCreated.subject;
    const before = await storedCount(subject);
    await expect(
      orm.em.fork().transactional(async (em) => {
        recordEvent(em, NoteCreated, note('rolled back'));
        await em.flush();
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow('business rule failed');

    const relay = new OutboxRelay(orm.em, publisher, quietLogger);
    expect(await relay.relayPending()).toBe(0);
    expect(await orm.em.fork().count(OutboxMessage, {})).toBe(0);
    expect(await storedCount(subject)).toBe(before);
  });

  it('refuses to record an event whose data breaks its schema, so the whole change rolls back', async () => {
    await expect(
      orm.em.fork().transactional(async (em) => {
        recordEvent(em, NoteCreated, { noteId: '', text: 'x' });
      }),
    ).rejects.toThrow();
    expect(await orm.em.fork().count(OutboxMessage, {})).toBe(0);
  });

  it('publishes a committed event exactly once even when the relay is killed between publish and mark', async () => {
    const subject = NoteCreated.subject;
    const before = await storedCount(subject);
    const envelope = await orm.em.fork().transactional(async (em) => recordEvent(em, NoteCreated, note('committed')));

    // A real relay process publishes, then dies by SIGKILL before its transaction marks the row.
    const dying = runChild('relay-then-die.ts', { TEST_SCHEMA: schema });
    await dying.exited;
    expect(dying.child.signalCode).toBe('SIGKILL');
    expect(dying.lines.some((l) => l.startsWith(`published ${envelope.id}`))).toBe(true);
    const row = await orm.em.fork().findOneOrFail(OutboxMessage, envelope.id);
    expect(row.publishedAt).toBeNull();
    expect(await storedCount(subject)).toBe(before + 1);

    // The next relay publishes the same event id again; JetStream's duplicate window drops the copy.
    const relay = new OutboxRelay(orm.em, publisher, quietLogger);
    expect(await relay.relayPending()).toBe(1);
    expect(await storedCount(subject)).toBe(before + 1);
    const marked = await orm.em.fork().findOneOrFail(OutboxMessage, envelope.id);
    expect(marked.publishedAt).toBeInstanceOf(Date);
    expect(await relay.relayPending()).toBe(0);

    const stored = await jsm.streams.getMessage('PM_PORTFOLIO', { last_by_subj: subject });
    expect(stored?.json<EventOf<typeof NoteCreated>>().id).toBe(envelope.id);
    expect(stored?.header?.get(Headers.msgId)).toBe(envelope.id);
  });

  it('publishes a batch in creation order, pipelined', async () => {
    const envelopes = await orm.em.fork().transactional(async (em) =>
      Array.from({ length: 20 }, (_, i) => recordEvent(em, NoteCreated, note(`ordered ${i}`))),
    );
    const relay = new OutboxRelay(orm.em, publisher, quietLogger);
    expect(await relay.relayPending()).toBe(20);
    const { state } = await jsm.streams.info('PM_PORTFOLIO');
    const stored: string[] = [];
    for (let seq = state.last_seq - 19; seq <= state.last_seq; seq++) {
      stored.push((await jsm.streams.getMessage('PM_PORTFOLIO', { seq }))!.json<EventOf<typeof NoteCreated>>().id);
    }
    expect(stored).toEqual(envelopes.map((e) => e.id));
  });

  it('marks only the events before a failed publish; the next pass publishes the rest, each stored once', async () => {
    const subject = NoteCreated.subject;
    const before = await storedCount(subject);
    const envelopes = await orm.em.fork().transactional(async (em) =>
      Array.from({ length: 10 }, (_, i) => recordEvent(em, NoteCreated, note(`partly ${i}`))),
    );
    const failing = envelopes[5]!.id;
    const flaky = {
      publishSerialized: (s: string, e: SerializedEnvelope) =>
        e.id === failing ? Promise.reject(new Error('no responders')) : publisher.publishSerialized(s, e),
    };
    expect(await new OutboxRelay(orm.em, flaky, quietLogger).relayPending()).toBe(5);
    const rows = await orm.em.fork().find(OutboxMessage, { id: { $in: envelopes.map((e) => e.id) } }, { orderBy: { id: 'asc' } });
    expect(rows.map((r) => r.publishedAt !== null)).toEqual([true, true, true, true, true, false, false, false, false, false]);
    expect(rows[5]).toMatchObject({ attempts: 1, lastError: 'no responders' });
    // The four after the failure reached the stream already; publishing them again stores nothing new.
    expect(await storedCount(subject)).toBe(before + 9);

    expect(await new OutboxRelay(orm.em, publisher, quietLogger).relayPending()).toBe(5);
    expect(await storedCount(subject)).toBe(before + 10);
    expect(await orm.em.fork().count(OutboxMessage, { id: { $in: envelopes.map((e) => e.id) }, publishedAt: null })).toBe(0);
  });

  it('relays continuously once started, and links correlation and causation', async () => {
    const relay = new OutboxRelay(orm.em, publisher, quietLogger, { pollIntervalMs: 50 });
    relay.start();
    try {
      const envelope = await orm.em.fork().transactional(async (em) =>
        recordEvent(em, NoteCreated, note('live'), { correlationId: 'corr-1', causationId: 'cause-1' }),
      );
      await waitFor(async () => (await orm.em.fork().findOneOrFail(OutboxMessage, envelope.id)).publishedAt !== null, { timeout: 5_000 });
      const stored = await jsm.streams.getMessage('PM_PORTFOLIO', { last_by_subj: NoteCreated.subject });
      const published = stored!.json<EventOf<typeof NoteCreated>>();
      expect(published).toMatchObject({ id: envelope.id, correlationId: 'corr-1', causationId: 'cause-1', data: envelope.data });
      // The relay reads the header fields out of the stored JSON: they reach the NATS headers too.
      expect([Headers.msgId, Headers.correlationId, Headers.causationId].map((name) => stored!.header?.get(name))).toEqual([envelope.id, 'corr-1', 'cause-1']);
    } finally {
      await relay.stop();
    }
  });
});

describe('durable consumers', () => {
  it('processes every event exactly once when the consumer is killed mid-batch and restarted', async () => {
    const durable = `test-${tag}.killed-mid-batch`;
    const total = 40;
    for (let i = 0; i < total; i++) {
      const ack = await publisher.publish(NoteCreated, note(`event ${i}`));
      expect(ack.duplicate).toBe(false);
    }
    const env = { TEST_SCHEMA: schema, TEST_TAG: tag, TEST_DURABLE: durable };

    const first = runChild('slow-consumer.ts', env);
    await waitFor(() => first.lines.filter((l) => l.startsWith('processed')).length >= 8, { timeout: 20_000 });
    first.child.kill('SIGKILL');
    await first.exited;
    const processedBeforeKill = await orm.em.fork().count(ProcessedEvent, { consumer: durable });
    expect(processedBeforeKill).toBeGreaterThan(0);
    const streamTotal = await storedCount(NoteCreated.subject);
    expect(processedBeforeKill).toBeLessThan(streamTotal);

    const second = runChild('slow-consumer.ts', env);
    const allEventIds = async () => {
      const rows = await orm.em.fork().find(ProcessedEvent, { consumer: durable });
      return rows.map((r) => r.eventId);
    };
    await waitFor(async () => (await allEventIds()).length >= streamTotal, { timeout: 60_000 });
    // Give redeliveries of anything in flight at the kill time a chance to show up as duplicates.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    second.child.kill('SIGTERM');
    await second.exited;

    const ids = await allEventIds();
    expect(ids.length).toBe(streamTotal);
    expect(new Set(ids).size).toBe(streamTotal);
  }, 120_000);

  it('dead-letters an event that fails its schema and keeps consuming the ones after it', async () => {
    const durable = `test-${tag}.schema-check`;
    const seen: string[] = [];
    const consumers = new EventConsumers(nc, publisher, quietLogger, orm);
    const dlqBefore = await storedCount(deadLetterSubjectOf(NoteCreated.subject), deadLetterStream.name);
    // Only events published after this point matter; the durable starts from the beginning, so count from here.
    const startSeq = (await jsm.streams.info('PM_PORTFOLIO')).state.last_seq;

    const bad = { id: 'not-a-uuid', type: NoteCreated.type, version: 1, data: { noteId: 42 } };
    await publisher.publishRaw(NoteCreated.subject, new TextEncoder().encode(JSON.stringify(bad)), {}, `bad-${tag}`);
    const good = await publisher.publish(NoteCreated, note('after the bad one'));
    expect(good.seq).toBe(startSeq + 2);

    await consumers.start([
      eventHandler({
        contract: NoteCreated,
        durable,
        async handle(event) {
          seen.push(event.data.text);
        },
      }),
    ]);
    try {
      await waitFor(() => seen.includes('after the bad one'), { timeout: 10_000 });
      await waitFor(
        async () => (await storedCount(deadLetterSubjectOf(NoteCreated.subject), deadLetterStream.name)) === dlqBefore + 1,
        { timeout: 5_000 },
      );
      const dead = await jsm.streams.getMessage(deadLetterStream.name, { last_by_subj: deadLetterSubjectOf(NoteCreated.subject) });
      expect(dead!.header!.get(Headers.deadLetterConsumer)).toBe(durable);
      expect(dead!.header!.get(Headers.deadLetterReason)).toMatch(/^schema: /);
      expect(dead!.json()).toEqual(bad);
    } finally {
      await consumers.stop();
    }
  });

  it('retries a failing handler with backoff, then dead-letters it after max deliveries', async () => {
    const durable = `test-${tag}.always-fails`;
    let attempts = 0;
    const target = await publisher.publish(NoteCreated, note('poison'));
    const consumers = new EventConsumers(nc, publisher, quietLogger, orm);
    await consumers.start([
      eventHandler({
        contract: NoteCreated,
        durable,
        options: { maxDeliver: 3, backoffMs: [100] },
        async handle(event) {
          if (event.data.text !== 'poison') return;
          attempts++;
          throw new Error('downstream is broken');
        },
      }),
    ]);
    try {
      const lastDead = () =>
        jsm.streams.getMessage(deadLetterStream.name, { last_by_subj: deadLetterSubjectOf(NoteCreated.subject) }).catch(() => null);
      await waitFor(async () => (await lastDead())?.json<EventOf<typeof NoteCreated>>().data?.text === 'poison', { timeout: 10_000 });
      expect(attempts).toBe(3);
      const dead = await jsm.streams.getMessage(deadLetterStream.name, { last_by_subj: deadLetterSubjectOf(NoteCreated.subject) });
      expect(dead!.header!.get(Headers.deadLetterReason)).toBe('handler failed 3 times: downstream is broken');
      expect(dead!.header!.get(Headers.deadLetterOriginalSubject)).toBe(NoteCreated.subject);
      expect(target.duplicate).toBe(false);
    } finally {
      await consumers.stop();
    }
  });

  it('does not run a handler twice for the same event id (inbox)', async () => {
    const durable = `test-${tag}.inbox`;
    const event = { noteId: 'dup', text: 'delivered twice' };
    const handled: string[] = [];
    const consumers = new EventConsumers(nc, publisher, quietLogger, orm);
    const envelope = await orm.em.fork().transactional(async (em) => recordEvent(em, NoteCreated, event));
    // Two distinct stream messages carrying the same event id (e.g. a replay from the dead-letter stream).
    await publisher.publishEnvelope(NoteCreated.subject, envelope);
    await publisher.publishRaw(NoteCreated.subject, new TextEncoder().encode(JSON.stringify(envelope)), {}, `replay-${envelope.id}`);
    await consumers.start([
      eventHandler({
        contract: NoteCreated,
        durable,
        async handle(e, { em }) {
          if (e.id !== envelope.id) return;
          handled.push(e.id);
          em!.persist(em!.create(ProcessedEvent, { eventId: e.id, consumer: durable }));
        },
      }),
    ]);
    try {
      await waitFor(async () => (await orm.em.fork().count(ProcessedEvent, { consumer: durable })) >= 1, { timeout: 10_000 });
      const info = await jsm.consumers.info('PM_PORTFOLIO', `test-${tag}_inbox`);
      await waitFor(async () => (await jsm.consumers.info('PM_PORTFOLIO', info.name)).num_pending === 0, { timeout: 10_000 });
      await waitFor(async () => (await jsm.consumers.info('PM_PORTFOLIO', info.name)).num_ack_pending === 0, { timeout: 10_000 });
      expect(await orm.em.fork().count(ProcessedEvent, { consumer: durable })).toBe(1);
      expect(handled).toEqual([envelope.id]);
    } finally {
      await consumers.stop();
    }
  });

  describe("with transaction 'per-batch'", () => {
    it('handles the events at hand together, each exactly once, a redelivered copy included', async () => {
      const durable = `test-${tag}.per-batch`;
      const prefix = `together ${tag}`;
      const envelopes = await orm.em.fork().transactional(async (em) =>
        Array.from({ length: 30 }, (_, i) => recordEvent(em, NoteCreated, note(`${prefix} ${i}`))),
      );
      for (const envelope of envelopes) await publisher.publishEnvelope(NoteCreated.subject, envelope);
      // The same event again as another stream message: it may land in the batch of its first copy.
      await publisher.publishRaw(NoteCreated.subject, new TextEncoder().encode(JSON.stringify(envelopes[3])), {}, `again-${envelopes[3]!.id}`);
      const transactions = new Set<unknown>();
      const handled: string[] = [];
      const consumers = new EventConsumers(nc, publisher, quietLogger, orm);
      await consumers.start([
        eventHandler({
          contract: NoteCreated,
          durable,
          options: { transaction: 'per-batch', batchSize: 10 },
          async handle(event, { em }) {
            if (!event.data.text.startsWith(prefix)) return;
            transactions.add(em);
            handled.push(event.id);
            em!.persist(em!.create(ProcessedEvent, { eventId: event.id, consumer: durable }));
          },
        }),
      ]);
      try {
        await waitFor(async () => (await orm.em.fork().count(ProcessedEvent, { consumer: durable })) >= 30, { timeout: 15_000 });
        const name = `test-${tag}_per-batch`;
        await waitFor(async () => (await jsm.consumers.info('PM_PORTFOLIO', name)).num_pending === 0, { timeout: 10_000 });
        await waitFor(async () => (await jsm.consumers.info('PM_PORTFOLIO', name)).num_ack_pending === 0, { timeout: 10_000 });
        const rows = await orm.em.fork().find(ProcessedEvent, { consumer: durable });
        expect(rows.map((row) => row.eventId).sort()).toEqual(envelopes.map((e) => e.id).sort());
        expect(handled.sort()).toEqual(envelopes.map((e) => e.id).sort());
        // Published before the consumer started, the 30 arrive in pulls of 10: far fewer transactions than events.
        expect(transactions.size).toBeLessThanOrEqual(10);
      } finally {
        await consumers.stop();
      }
    });

    it('keeps the rest of a batch when one handler fails, and retries and dead-letters only that one', async () => {
      const durable = `test-${tag}.per-batch-poison`;
      const prefix = `batch with poison ${tag}`;
      const envelopes = await orm.em.fork().transactional(async (em) =>
        Array.from({ length: 10 }, (_, i) => recordEvent(em, NoteCreated, note(`${prefix} ${i === 4 ? 'poison' : i}`))),
      );
      for (const envelope of envelopes) await publisher.publishEnvelope(NoteCreated.subject, envelope);
      const poison = envelopes[4]!;
      let poisonAttempts = 0;
      const consumers = new EventConsumers(nc, publisher, quietLogger, orm);
      await consumers.start([
        eventHandler({
          contract: NoteCreated,
          durable,
          options: { transaction: 'per-batch', batchSize: 10, maxDeliver: 2, backoffMs: [100] },
          async handle(event, { em }) {
            if (!event.data.text.startsWith(prefix)) return;
            em!.persist(em!.create(ProcessedEvent, { eventId: event.id, consumer: durable }));
            if (event.id === poison.id) {
              poisonAttempts++;
              throw new Error('this one is broken');
            }
          },
        }),
      ]);
      try {
        const lastDead = () =>
          jsm.streams.getMessage(deadLetterStream.name, { last_by_subj: deadLetterSubjectOf(NoteCreated.subject) }).catch(() => null);
        await waitFor(async () => (await lastDead())?.json<EventOf<typeof NoteCreated>>().id === poison.id, { timeout: 15_000 });
        expect((await lastDead())!.header!.get(Headers.deadLetterReason)).toBe('handler failed 2 times: this one is broken');
        const rows = await orm.em.fork().find(ProcessedEvent, { consumer: durable });
        expect(rows.map((row) => row.eventId).sort()).toEqual(envelopes.filter((e) => e !== poison).map((e) => e.id).sort());
        // Once in the batch that was rolled back, once on its own, once redelivered: the last one dead-letters it.
        expect(poisonAttempts).toBeGreaterThanOrEqual(2);
      } finally {
        await consumers.stop();
      }
    });
  });
});
