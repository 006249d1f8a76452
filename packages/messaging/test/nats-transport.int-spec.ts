import { randomBytes } from 'node:crypto';
import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { Ctx, Payload } from '@nestjs/microservices';
import { NestFactory } from '@nestjs/core';
import type { NatsConnection } from '@nats-io/nats-core';
import { defineRpc, type EventOf, type RequestOf, type ResponseOf } from '@pm/contracts';
import { waitFor } from '@pm/testing';
import { z } from 'zod';
import {
  EventPublisher,
  MessagingModule,
  NATS_CONNECTION,
  NatsTransport,
  OnEvent,
  OnRequest,
  RpcClient,
  RpcFailure,
  type RequestContext,
} from '../src/index.js';
import { noteCreatedContract } from './fixtures/note-events.js';

const tag = randomBytes(4).toString('hex');
const NoteCreated = noteCreatedContract(tag);
const GetNote = defineRpc({
  subject: `pm.rpc.portfolio.note-${tag}.get.v1`,
  request: z.object({ noteId: z.string().min(1, 'Note id is required') }),
  response: z.object({ noteId: z.string(), text: z.string() }),
  fixture: { request: { noteId: 'n1' }, response: { noteId: 'n1', text: 'hello' } },
});

const notes = new Map<string, string>();
const seenCorrelation: string[] = [];
/** The time the handler had left to answer, by note id. */
const timeLeft = new Map<string, number | undefined>();

@Controller()
class NotesController {
  @OnRequest(GetNote)
  async getNote(@Payload() request: RequestOf<typeof GetNote>, @Ctx() transport: RequestContext): Promise<ResponseOf<typeof GetNote>> {
    timeLeft.set(request.noteId, transport.deadline === undefined ? undefined : transport.deadline - Date.now());
    if (request.noteId === 'crash') throw new Error('database exploded');
    if (request.noteId === 'broken-reply') return { noteId: request.noteId } as ResponseOf<typeof GetNote>;
    if (request.noteId === 'huge') return { noteId: request.noteId, text: 'x'.repeat(nc.info!.max_payload + 1) };
    const text = notes.get(request.noteId);
    if (!text) throw RpcFailure.notFound('Note not found');
    return { noteId: request.noteId, text };
  }

  @OnEvent(NoteCreated, { durable: `test-${tag}.note-created` })
  async onNoteCreated(event: EventOf<typeof NoteCreated>): Promise<void> {
    notes.set(event.data.noteId, event.data.text);
    seenCorrelation.push(event.correlationId);
  }
}

@Module({
  imports: [MessagingModule.forRoot({ servers: process.env.NATS_URL!, name: 'transport-int-spec', requestTimeoutMs: 2_000 })],
  controllers: [NotesController],
})
class NotesModule {}

let app: INestMicroservice;
let client: RpcClient;
let nc: NatsConnection;

beforeAll(async () => {
  app = await NestFactory.createMicroservice(NotesModule, {
    strategy: new NatsTransport({ name: 'transport-int-spec', connection: () => app.get(NATS_CONNECTION) }),
    logger: false,
  });
  await app.listen();
  client = app.get(RpcClient);
  nc = app.get(NATS_CONNECTION);
});

afterAll(async () => {
  await app?.close();
});

describe('NatsTransport (NestJS)', () => {
  it('delivers a published event to the @OnEvent handler through a durable consumer, then answers @OnRequest', async () => {
    await app.get(EventPublisher).publish(NoteCreated, { noteId: 'n-1', text: 'Boiler check on Monday' }, { correlationId: 'corr-42' });
    await waitFor(() => notes.has('n-1'), { timeout: 10_000 });
    expect(seenCorrelation).toContain('corr-42');
    await expect(client.request(GetNote, { noteId: 'n-1' })).resolves.toEqual({ noteId: 'n-1', text: 'Boiler check on Monday' });
  });

  it('carries the service status and message of a failure to the caller', async () => {
    const failure = await client.request(GetNote, { noteId: 'missing' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(RpcFailure);
    expect((failure as RpcFailure).body).toMatchObject({ status: 404, message: 'Note not found', code: 'not_found' });
  });

  it('refuses an invalid request with the schema message, on both sides of the wire', async () => {
    const local = await client.request(GetNote, { noteId: '' }).catch((e: unknown) => e);
    expect((local as RpcFailure).body).toMatchObject({ status: 400, message: 'Note id is required' });

    const raw = await nc.request(GetNote.subject, JSON.stringify({ noteId: '' }), { timeout: 2_000 });
    expect(raw.json()).toMatchObject({ ok: false, error: { status: 400, message: 'Note id is required' } });
  });

  it('hides crashes and contract-breaking replies behind a 500', async () => {
    for (const noteId of ['crash', 'broken-reply']) {
      const failure = await client.request(GetNote, { noteId }).catch((e: unknown) => e);
      expect((failure as RpcFailure).body).toMatchObject({ status: 500, message: 'Something went wrong' });
    }
  });

  it('answers a reply above the NATS payload limit with a clear error at once, not a timeout', async () => {
    // Without the guard the caller waits for its timeout and gets 504 'timeout'.
    const failure = await client.request(GetNote, { noteId: 'huge' }).catch((e: unknown) => e);
    expect((failure as RpcFailure).body).toMatchObject({ status: 500, code: 'reply_too_large', message: 'The answer is too large to send. Please narrow the request.' });
  });

  it('tells the handler when its caller stops waiting; a caller that does not say gives it no deadline', async () => {
    notes.set('n-deadline', 'Gutters cleaned');
    await client.request(GetNote, { noteId: 'n-deadline' }, { timeoutMs: 1_500 });
    expect(timeLeft.get('n-deadline')).toBeGreaterThan(1_000);
    expect(timeLeft.get('n-deadline')).toBeLessThanOrEqual(1_500);

    notes.set('n-no-deadline', 'Gutters cleaned');
    await nc.request(GetNote.subject, JSON.stringify({ noteId: 'n-no-deadline' }), { timeout: 2_000 });
    expect(timeLeft.has('n-no-deadline')).toBe(true);
    expect(timeLeft.get('n-no-deadline')).toBeUndefined();
  });

  it('answers 503 when no service listens on the subject', async () => {
    const Orphan = defineRpc({
      subject: `pm.rpc.portfolio.orphan-${tag}.get.v1`,
      request: z.object({}),
      response: z.object({}),
      fixture: { request: {}, response: {} },
    });
    const failure = await client.request(Orphan, {}).catch((e: unknown) => e);
    expect((failure as RpcFailure).status).toBe(503);
  });
});
