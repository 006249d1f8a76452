import { randomBytes } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { NatsConnection } from '@nats-io/nats-core';
import { createTestSchema, waitFor } from '@pm/testing';
import { setTimeout as sleep } from 'node:timers/promises';
import { connectNats, ensureStreams, EventPublisher, OutboxMessage, OutboxRelay, OutboxWrittenSubscriber, recordEvent } from '../src/index.js';
import { noteCreatedContract } from './fixtures/note-events.js';
import { migrateTestSchema, openTestOrm } from './fixtures/test-orm.js';

const NoteCreated = noteCreatedContract(randomBytes(4).toString('hex'));
const quietLogger = { warn: () => {}, error: () => {} };

let orm: MikroORM;
let nc: NatsConnection;
let dropSchema: () => Promise<void>;
let relay: OutboxRelay;
let commits = 0;

beforeAll(async () => {
  let schema: string;
  ({ schema, dropSchema } = await createTestSchema('messaging_wake'));
  orm = await openTestOrm(schema);
  await migrateTestSchema(orm, schema);
  nc = await connectNats({ servers: process.env.NATS_URL!, name: 'outbox-wake-int-spec' });
  await ensureStreams(nc);
  // A poll far longer than any wait below: an event that leaves in time was sent by a wake-up.
  relay = new OutboxRelay(orm.em, new EventPublisher(nc), quietLogger, { pollIntervalMs: 60_000 });
  orm.em.getEventManager().registerSubscriber(new OutboxWrittenSubscriber(() => relay.wake()));
  orm.em.getEventManager().registerSubscriber({ afterTransactionCommit: () => void commits++ });
  relay.start();
});

afterAll(async () => {
  await relay?.stop();
  await nc?.close();
  await orm?.close(true);
  await dropSchema?.();
});

const published = async (id: string) => (await orm.em.fork().findOneOrFail(OutboxMessage, id)).publishedAt !== null;

describe('waking the outbox relay', () => {
  it('leaves the relay asleep when nothing was recorded, though its own passes commit', async () => {
    await sleep(300);
    const before = commits;
    await sleep(1_000);
    // With a wake-up after every commit the relay's own commit woke it: hundreds of passes a second.
    expect(commits - before).toBeLessThanOrEqual(1);
  });

  it('relays an event recorded in a transaction once that transaction commits', async () => {
    const envelope = await orm.em.fork().transactional(async (em) => {
      const recorded = recordEvent(em, NoteCreated, { noteId: 'n-tx', text: 'in a transaction' });
      await em.flush();
      return recorded;
    });
    await waitFor(() => published(envelope.id), { timeout: 10_000 });
  });

  it('relays an event recorded by a plain flush', async () => {
    const em = orm.em.fork();
    const envelope = recordEvent(em, NoteCreated, { noteId: 'n-flush', text: 'flushed alone' });
    await em.flush();
    await waitFor(() => published(envelope.id), { timeout: 10_000 });
  });

  it('does not wake the relay for a transaction that stored no outbox row', async () => {
    await sleep(300);
    const before = commits;
    await orm.em.fork().transactional(async (em) => {
      await em.find(OutboxMessage, {}, { limit: 1 });
    });
    await sleep(500);
    expect(commits - before).toBe(1);
  });
});
