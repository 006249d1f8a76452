import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { JetStreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';
import { deadLetterStream, deadLetterSubjectOf, type EventOf } from '@pm/contracts';
import { waitFor } from '@pm/testing';
import {
  connectNats,
  DeadLetterStore,
  EventConsumers,
  eventHandler,
  type EventPublisher,
  Headers,
  InboxEntry,
  maxDeliveriesAdvisoryStream,
  maxDeliveriesAdvisorySubject,
  MaxDeliveriesWatcher,
  MessagingTablesPruner,
  natsConsumerName,
  runDlqCommand,
} from '../src/index.js';
import { noteCreatedContract } from './fixtures/note-events.js';
import { openMessagingWorld } from './fixtures/messaging-world.js';
import { killChildren, runChild } from './fixtures/run-child.js';
import { ProcessedEvent } from './fixtures/test-orm.js';

const tag = randomBytes(4).toString('hex');
const NoteCreated = noteCreatedContract(tag);
/** The replay test's own subject, so replaying "a subject" touches only its dead letters. */
const NoteReplayed = noteCreatedContract(`${tag}-replay`);
const quietLogger = { log: () => {}, warn: () => {}, error: () => {} };

let orm: MikroORM;
let nc: NatsConnection;
let jsm: JetStreamManager;
let publisher: EventPublisher;
let closeWorld: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ orm, nc, jsm, publisher, close: closeWorld } = await openMessagingWorld('messaging_dlq'));
});

afterAll(async () => {
  killChildren();
  await closeWorld?.();
});

function note(text: string) {
  return { noteId: randomBytes(6).toString('hex'), text };
}

/** Dead letters of a subject that one consumer gave up on. */
async function deadLettersOf(durable: string, subject = NoteCreated.subject) {
  return (await new DeadLetterStore(nc).list({ subject })).filter((entry) => entry.consumer === durable);
}

async function caughtUp(durable: string, seq: number): Promise<boolean> {
  const info = await jsm.consumers.info('PM_PORTFOLIO', natsConsumerName(durable));
  return info.delivered.stream_seq >= seq && info.num_ack_pending === 0 && info.num_pending === 0;
}

describe('a message whose last delivery crashed', () => {
  it('is dead-lettered once from the max-deliveries advisory, by the next replica that starts', async () => {
    const durable = `test-${tag}.dies`;
    const watcher = new MaxDeliveriesWatcher(nc, publisher, quietLogger);
    try {
      const poison = await publisher.publish(NoteCreated, note('kills the process'));
      const poisonId = (await jsm.streams.getMessage('PM_PORTFOLIO', { seq: poison.seq }))!.json<EventOf<typeof NoteCreated>>().id;
      const env = { TEST_TAG: tag, TEST_DURABLE: durable, TEST_MAX_DELIVER: '1' };

      // maxDeliver 1 → the server allows 2 deliveries; each one kills its consumer process.
      for (const delivery of [1, 2]) {
        const consumer = runChild('die-on-delivery.ts', env);
        await consumer.exited;
        expect(consumer.child.signalCode).toBe('SIGKILL');
        expect(consumer.lines).toContain(`delivery ${delivery} of ${poisonId}`);
      }

      // The server gives up after the last ack wait and announces it while no process of the consumer runs.
      const advisorySubject = maxDeliveriesAdvisorySubject('PM_PORTFOLIO', durable);
      await waitFor(
        async () => {
          const info = await jsm.streams.info(maxDeliveriesAdvisoryStream.name, { subjects_filter: advisorySubject });
          return info.state.subjects?.[advisorySubject] === 1;
        },
        { timeout: 15_000 },
      );
      expect(await deadLettersOf(durable)).toEqual([]);

      // This process plays the replica started afterwards: it watches the consumer's advisories, it does not consume.
      await watcher.start([{ durable, stream: 'PM_PORTFOLIO' }]);
      await waitFor(async () => (await deadLettersOf(durable)).length === 1, { timeout: 30_000 });
      const [entry] = await deadLettersOf(durable);
      const dead = await jsm.streams.getMessage(deadLetterStream.name, { seq: entry!.seq });
      const original = await jsm.streams.getMessage('PM_PORTFOLIO', { seq: poison.seq });
      expect(dead!.subject).toBe(deadLetterSubjectOf(NoteCreated.subject));
      expect(dead!.data).toEqual(original!.data);
      expect(dead!.header.get(Headers.deadLetterConsumer)).toBe(durable);
      expect(dead!.header.get(Headers.deadLetterDeliveries)).toBe('2');
      expect(dead!.header.get(Headers.deadLetterReason)).toMatch(/^delivery 2 never finished/);
      expect(dead!.header.get(Headers.correlationId)).toBe(original!.header.get(Headers.correlationId));
      expect(await caughtUp(durable, poison.seq)).toBe(true);

      // Another replica seeing the same advisory stores nothing new.
      const again = await watcher.deadLetter({ stream: 'PM_PORTFOLIO', consumer: natsConsumerName(durable), stream_seq: poison.seq, deliveries: 2 });
      expect(again).toBe('already-dead-lettered');
      expect(await deadLettersOf(durable)).toHaveLength(1);
    } finally {
      await watcher.stop();
    }
  }, 60_000);
});

describe('replaying dead letters', () => {
  it('lists them, replays one and then a subject to the consumer that failed, and removes what was replayed', async () => {
    const flaky = `test-${tag}.flaky`;
    const bystander = `test-${tag}.bystander`;
    let broken = true;
    const handledBy = async (durable: string) =>
      (await orm.em.fork().find(ProcessedEvent, { consumer: durable })).map((row) => row.eventId).sort();
    const consumers = new EventConsumers(nc, publisher, quietLogger, orm);
    const record = (durable: string) => async (event: EventOf<typeof NoteReplayed>, { em }: { em: unknown }) => {
      const tx = em as MikroORM['em'];
      tx.persist(tx.create(ProcessedEvent, { eventId: event.id, consumer: durable }));
    };
    await consumers.start([
      eventHandler({
        contract: NoteReplayed,
        durable: flaky,
        options: { maxDeliver: 2, backoffMs: [50] },
        async handle(event, context) {
          if (broken) throw new Error('downstream is down');
          await record(flaky)(event, context);
        },
      }),
      eventHandler({
        contract: NoteReplayed,
        durable: bystander,
        handle: (event, context) => record(bystander)(event, context),
      }),
    ]);
    const out: string[] = [];
    const err: string[] = [];
    const io = { out: (line: string) => out.push(line), err: (line: string) => err.push(line) };
    const cli = (...argv: string[]) => runDlqCommand(argv, () => connectNats({ servers: process.env.NATS_URL!, name: 'dlq-cli-test' }), io);
    try {
      const events = [];
      for (const text of ['first', 'second', 'third']) events.push(await publisher.publish(NoteReplayed, note(text)));
      const ids = await Promise.all(
        events.map(async (ack) => (await jsm.streams.getMessage('PM_PORTFOLIO', { seq: ack.seq }))!.json<EventOf<typeof NoteReplayed>>().id),
      );
      await waitFor(async () => (await deadLettersOf(flaky, NoteReplayed.subject)).length === 3, { timeout: 15_000 });
      await waitFor(async () => (await handledBy(bystander)).length === 3, { timeout: 10_000 });

      expect(await cli('list', '--subject', NoteReplayed.subject)).toBe(0);
      const listed = out.filter((line) => line.includes(flaky));
      expect(listed).toHaveLength(3);
      for (const [i, id] of ids.entries()) {
        expect(listed[i]).toContain(`\t${NoteReplayed.subject}\t${flaky}\t${id}\thandler failed 2 times: downstream is down`);
      }

      broken = false;
      // Replays usually come long after the inbox window: the bystander's rows are gone, only the replay's
      // addressing keeps it from handling the events again.
      await new MessagingTablesPruner(orm.em, quietLogger, { inboxRetentionMs: 0 }).pruneOnce(new Date(Date.now() + 1_000));
      expect(await orm.em.fork().count(InboxEntry, { consumer: bystander })).toBe(0);
      const [first, ...rest] = await deadLettersOf(flaky, NoteReplayed.subject);
      out.length = 0;
      // Within seconds of the original publish: the event id is still in the duplicate window.
      expect(await cli('replay', String(first!.seq))).toBe(0);
      expect(out).toContain('1 replayed');
      await waitFor(async () => (await handledBy(flaky)).length === 1, { timeout: 10_000 });
      expect(await handledBy(flaky)).toEqual([ids[0]]);
      expect((await deadLettersOf(flaky, NoteReplayed.subject)).map((entry) => entry.seq)).toEqual(rest.map((entry) => entry.seq));

      // The packaged command, as `npm run dlq -- replay --subject …` runs it.
      const replayed = await runCli(['replay', '--subject', NoteReplayed.subject]);
      expect(replayed.code).toBe(0);
      expect(replayed.stdout).toContain('2 replayed');
      await waitFor(async () => (await handledBy(flaky)).length === 3, { timeout: 10_000 });
      expect(await handledBy(flaky)).toEqual([...ids].sort());
      expect(await deadLettersOf(flaky, NoteReplayed.subject)).toEqual([]);

      // The other consumer of the subject acked the replays without handling the events again.
      const lastSeq = (await jsm.streams.info('PM_PORTFOLIO')).state.last_seq;
      await waitFor(() => caughtUp(bystander, lastSeq), { timeout: 10_000 });
      expect(await handledBy(bystander)).toEqual([...ids].sort());

      err.length = 0;
      expect(await cli('replay', String(first!.seq))).toBe(1);
      expect(err).toEqual([`No dead letter with sequence ${first!.seq}`]);
      expect(await cli('replay', '--everything')).toBe(2);
    } finally {
      await consumers.stop();
    }
  }, 60_000);
});

function runCli(argv: string[]): Promise<{ code: number | null; stdout: string }> {
  const cli = fileURLToPath(new URL('../dist/dead-letters/dlq.cli.js', import.meta.url));
  const child = spawn(process.execPath, [cli, ...argv], { env: { ...process.env, NODE_OPTIONS: '' }, stdio: ['ignore', 'pipe', 'inherit'] });
  let stdout = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout })));
}
