import { randomBytes } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { JetStreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';
import { waitFor } from '@pm/testing';
import { v7 as uuidv7 } from 'uuid';
import {
  DUPLICATE_WINDOW_MS,
  EventConsumers,
  eventHandler,
  type EventPublisher,
  InboxEntry,
  inboxRetentionMs,
  MessagingTablesPruner,
  natsConsumerName,
  OutboxMessage,
  OutboxNotifications,
  OutboxRelay,
  outboxChannelOf,
  recordEvent,
} from '../src/index.js';
import { noteCreatedContract } from './fixtures/note-events.js';
import { openMessagingWorld } from './fixtures/messaging-world.js';
import { openTestOrm, ProcessedEvent } from './fixtures/test-orm.js';

const tag = randomBytes(4).toString('hex');
const NoteCreated = noteCreatedContract(tag);
const quietLogger = { log: () => {}, warn: () => {}, error: () => {} };

let orm: MikroORM;
/** A second ORM with its own pool: the other process (service replica) that commits events. */
let otherProcess: MikroORM;
let nc: NatsConnection;
let publisher: EventPublisher;
let jsm: JetStreamManager;
let schema: string;
let closeWorld: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ schema, orm, nc, jsm, publisher, close: closeWorld } = await openMessagingWorld('messaging_housekeeping'));
  otherProcess = await openTestOrm(schema);
});

afterAll(async () => {
  await otherProcess?.close(true);
  await closeWorld?.();
});

function note(text: string) {
  return { noteId: randomBytes(6).toString('hex'), text };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function isPublished(id: string): Promise<boolean> {
  return (await orm.em.fork().findOneOrFail(OutboxMessage, id)).publishedAt !== null;
}

/** The server process holding the relay's LISTEN, seen from PostgreSQL itself. */
async function listenerPid(): Promise<number | undefined> {
  const rows = await orm.em
    .getConnection()
    .execute<{ pid: number }[]>(`select pid from pg_stat_activity where query = ?`, [`listen "${outboxChannelOf(schema)}"`]);
  return rows[0]?.pid;
}

/** Starts a relay whose fallback poll is far beyond the test's waits, and waits until its LISTEN is in place. */
async function startListeningRelay(): Promise<OutboxRelay> {
  const relay = new OutboxRelay(orm.em, publisher, quietLogger, {
    pollIntervalMs: 120_000,
    wakeUps: new OutboxNotifications(orm.em, quietLogger, 1_500),
  });
  relay.start();
  await waitFor(async () => (await listenerPid()) !== undefined, { timeout: 5_000 });
  // The pass at start and the catch-up pass after LISTEN.
  await waitFor(() => relay.passes >= 2, { timeout: 5_000 });
  return relay;
}

describe('outbox relay wake-ups (LISTEN/NOTIFY)', () => {
  it('publishes an event committed by another process at once, without waiting for the fallback poll', async () => {
    const relay = await startListeningRelay();
    try {
      const envelope = await otherProcess.em.fork().transactional(async (em) => recordEvent(em, NoteCreated, note('from a replica')));
      const committedAt = Date.now();
      await waitFor(() => isPublished(envelope.id), { timeout: 5_000, interval: 20 });
      // The fallback poll is two minutes away: only the notification can explain this.
      expect(Date.now() - committedAt).toBeLessThan(5_000);
    } finally {
      await relay.stop();
    }
  });

  it('runs no query while idle, where a polling relay runs one per interval', async () => {
    const relay = await startListeningRelay();
    try {
      const before = relay.passes;
      await sleep(2_000);
      expect(relay.passes).toBe(before);

      // The same commit then causes exactly the passes it needs (one, or two if it landed mid-pass).
      await otherProcess.em.fork().transactional(async (em) => recordEvent(em, NoteCreated, note('wakes it')));
      await waitFor(() => relay.passes > before, { timeout: 5_000, interval: 20 });
      await sleep(300);
      expect(relay.passes - before).toBeLessThanOrEqual(2);
    } finally {
      await relay.stop();
    }

    // The counter measures what it claims: the old 250 ms poll runs a query every interval.
    const polling = new OutboxRelay(orm.em, publisher, quietLogger, { pollIntervalMs: 250 });
    polling.start();
    try {
      await sleep(2_000);
      expect(polling.passes).toBeGreaterThanOrEqual(5);
    } finally {
      await polling.stop();
    }
  });

  it('catches up after its LISTEN connection is killed: a commit nobody heard is published after the reconnect', async () => {
    const relay = await startListeningRelay();
    try {
      const pid = await listenerPid();
      await orm.em.getConnection().execute('select pg_terminate_backend(?)', [pid]);
      // Committed while nobody listens (the reconnect waits 1.5 s): this notification is lost.
      const envelope = await otherProcess.em.fork().transactional(async (em) => recordEvent(em, NoteCreated, note('while deaf')));
      await waitFor(() => isPublished(envelope.id), { timeout: 8_000, interval: 50 });
      const newPid = await listenerPid();
      expect(newPid).toBeDefined();
      expect(newPid).not.toBe(pid);
    } finally {
      await relay.stop();
    }
  });
});

describe('pruning the outbox and the inbox', () => {
  const ago = (ms: number) => new Date(Date.now() - ms);

  async function seedOutbox(publishedAgoMs: number | null, createdAgoMs = publishedAgoMs ?? 0): Promise<string> {
    const em = orm.em.fork();
    const id = uuidv7();
    em.create(OutboxMessage, {
      id,
      subject: NoteCreated.subject,
      envelope: { id } as never,
      createdAt: ago(createdAgoMs),
      publishedAt: publishedAgoMs === null ? null : ago(publishedAgoMs),
      attempts: 0,
      lastError: null,
    });
    await em.flush();
    return id;
  }

  async function seedInbox(consumer: string, processedAgoMs: number): Promise<string> {
    const em = orm.em.fork();
    const eventId = uuidv7();
    em.create(InboxEntry, { consumer, eventId, processedAt: ago(processedAgoMs) });
    await em.flush();
    return eventId;
  }

  it('deletes rows older than their window in small batches, and keeps young and unpublished ones', async () => {
    const consumer = `test-${tag}.prune`;
    const inboxWindow = inboxRetentionMs([]);
    const oldOutbox = await Promise.all([1, 2, 3, 4, 5].map(() => seedOutbox(DUPLICATE_WINDOW_MS + 60_000)));
    const youngOutbox = await seedOutbox(DUPLICATE_WINDOW_MS - 30_000);
    const neverPublished = await seedOutbox(null, 24 * 60 * 60_000);
    const oldInbox = await Promise.all([1, 2, 3].map(() => seedInbox(consumer, inboxWindow + 60_000)));
    // Older than the outbox window, younger than the inbox window: a redelivery may still come.
    const youngInbox = await seedInbox(consumer, DUPLICATE_WINDOW_MS + 60_000);

    const pruner = new MessagingTablesPruner(orm.em, quietLogger, { inboxRetentionMs: inboxWindow, batchSize: 2 });
    const pruned = await pruner.pruneOnce();
    expect(pruned).toEqual({ outbox: oldOutbox.length, inbox: oldInbox.length });

    const em = orm.em.fork();
    const outboxLeft = (await em.find(OutboxMessage, { id: { $in: [...oldOutbox, youngOutbox, neverPublished] } })).map((r) => r.id);
    expect(outboxLeft.sort()).toEqual([youngOutbox, neverPublished].sort());
    const inboxLeft = (await em.find(InboxEntry, { consumer })).map((r) => r.eventId);
    expect(inboxLeft).toEqual([youngInbox]);
    expect(await pruner.pruneOnce()).toEqual({ outbox: 0, inbox: 0 });
  });

  it('keeps the inbox row of a handled event inside the window, so a redelivery then is still skipped', async () => {
    const durable = `test-${tag}.dedup-after-prune`;
    const consumers = new EventConsumers(nc, publisher, quietLogger, orm);
    const envelope = await orm.em.fork().transactional(async (em) => recordEvent(em, NoteCreated, note('handled once')));
    const pruner = new MessagingTablesPruner(orm.em, quietLogger, { inboxRetentionMs: inboxRetentionMs([]) });
    const handled = () => orm.em.fork().count(ProcessedEvent, { consumer: durable, eventId: envelope.id });
    await consumers.start([
      eventHandler({
        contract: NoteCreated,
        durable,
        async handle(event, { em }) {
          if (event.id === envelope.id) em!.persist(em!.create(ProcessedEvent, { eventId: event.id, consumer: durable }));
        },
      }),
    ]);
    try {
      await publisher.publishEnvelope(NoteCreated.subject, envelope);
      await waitFor(async () => (await handled()) === 1, { timeout: 10_000 });

      await pruner.pruneOnce();
      expect(await orm.em.fork().count(InboxEntry, { consumer: durable, eventId: envelope.id })).toBe(1);

      // The same event again as a new stream message (as a redelivery after a lost ack is): skipped.
      const again = await publisher.publishRaw(NoteCreated.subject, new TextEncoder().encode(JSON.stringify(envelope)), {}, `again-${envelope.id}`);
      await waitFor(async () => {
        const info = await jsm.consumers.info('PM_PORTFOLIO', natsConsumerName(durable));
        return info.delivered.stream_seq >= again.seq && info.num_ack_pending === 0;
      }, { timeout: 10_000 });
      expect(await handled()).toBe(1);

      // Past the window the same pruner removes it.
      await pruner.pruneOnce(new Date(Date.now() + inboxRetentionMs([]) + 1_000));
      expect(await orm.em.fork().count(InboxEntry, { consumer: durable, eventId: envelope.id })).toBe(0);
    } finally {
      await consumers.stop();
    }
  });
});
