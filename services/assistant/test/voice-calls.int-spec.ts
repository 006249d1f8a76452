import { randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { jest } from '@jest/globals';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Global, Module } from '@nestjs/common';
import type { BaseMessage } from '@langchain/core/messages';
import { AiRuntime, DeterministicTestChatModel, readAiConfig, type AiStatus } from '@pm/ai';
import {
  GetInboundCall,
  IssueServiceToken,
  ListInboundCalls,
  ListInboxItems,
  LocationPhoneNumberAssigned,
  PropertyLocationCreated,
  QuestionCreated,
  TenantCreated,
  type RequestInputOf,
  type ResponseOf,
  type RpcContract,
} from '@pm/contracts';
import { connectNats, EventPublisher, RpcClient, RpcFailure } from '@pm/messaging';
import { startServiceUnderTest, type ServiceUnderTest } from '@pm/nest-kit/testing';
import { startTestTokenIssuer, waitFor, type TestTokenIssuer } from '@pm/testing';
import type { NatsConnection, Subscription } from '@nats-io/nats-core';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import { AiModule } from '../src/ai/ai.module.js';
import { assistantEnv } from '../src/config/assistant-env.js';
import { assistantService } from '../src/service.js';
import { startMessagingProcess, type MessagingProcess } from './support/messaging-process.js';

jest.setTimeout(240_000);

/**
 * Calls in, end to end on real PostgreSQL and NATS: the real messaging service (its dist, in a child process) takes
 * the provider's signed voice webhooks, asks this assistant for each spoken answer with its own service token, and
 * logs the call with its transcript under Inbound Calls. The chat model is DeterministicTestChatModel: it cites the
 * first knowledge item it is given and answers with that item's text (the wording is not the point here).
 */
const deterministicChat = new DeterministicTestChatModel((_message, messages: BaseMessage[]) => {
  const system = messages[0]!.text;
  if (system.startsWith('Translate')) return JSON.stringify({ english: messages.at(-1)!.text });
  if (system.startsWith('Decide if')) return JSON.stringify({ emergency: false });
  if (system.startsWith('Which of the listed questions')) return JSON.stringify({ choice: '1' });
  const first = /^\[([^\]]+)\] .*\n(.*)$/m.exec(system);
  return JSON.stringify({ intent: 'general', sourceIds: first ? [first[1]] : [], reply: first?.[2] ?? '' });
});
/** Makes the model slower than messaging's voice answer timeout (2 s in this file). */
let slowModel = false;
/** How many slow model calls were cancelled by their caller's deadline. */
let cancelledSlowCalls = 0;

const clientSecret = randomBytes(32).toString('hex');
let tokens: TestTokenIssuer;
let messaging: MessagingProcess;
let service: ServiceUnderTest;
let nc: NatsConnection;
let publisher: EventPublisher;
let rpc: RpcClient;
let identityStandIn: Subscription;
let realRuntime: AiRuntime;

beforeAll(async () => {
  tokens = await startTestTokenIssuer();
  nc = await connectNats({ servers: process.env.NATS_URL!, name: `voice-test-${randomBytes(3).toString('hex')}` });
  // identity's part: messaging trades its client credentials for a service token for the assistant, signed by the
  // test issuer the assistant trusts. Only messaging's own credentials get one.
  identityStandIn = nc.subscribe(IssueServiceToken.subject, {
    callback: (_error, msg) => {
      const request = IssueServiceToken.request.parse(msg.json());
      if (request.client_id !== 'messaging' || request.client_secret !== clientSecret || request.audience !== 'assistant') {
        msg.respond(JSON.stringify({ ok: false, error: { status: 401, message: 'Invalid client credentials' } }));
        return;
      }
      void tokens
        .sign('messaging', { token_use: 'service' }, { audience: 'assistant', exp: '5m' })
        .then((token) => msg.respond(JSON.stringify({ ok: true, data: { access_token: token, token_type: 'Bearer', expires_in: 300 } })));
    },
  });
  messaging = await startMessagingProcess(tokens, { SERVICE_CLIENT_ID: 'messaging', SERVICE_CLIENT_SECRET: clientSecret, VOICE_ANSWER_TIMEOUT_MS: '2000' });
  realRuntime = new AiRuntime(readAiConfig());
  const runtime = {
    embeddings: realRuntime.embeddings,
    chatModel: deterministicChat,
    status: (): { chat: AiStatus; embeddings: AiStatus } => ({ chat: { available: true, provider: 'deterministic-test' }, embeddings: realRuntime.status().embeddings }),
    async invokeStructured<S extends z.ZodType<Record<string, unknown>>>(messages: BaseMessage[], schema: S, options?: { signal?: AbortSignal }): Promise<z.infer<S>> {
      if (slowModel) {
        await sleep(4_000, undefined, options?.signal ? { signal: options.signal } : {}).catch((error: unknown) => {
          cancelledSlowCalls += 1;
          throw error;
        });
      }
      return schema.parse(JSON.parse((await deterministicChat.invoke(messages)).text));
    },
    close: async () => undefined,
  };
  @Global()
  @Module({ providers: [{ provide: AiRuntime, useValue: runtime }], exports: [AiRuntime] })
  class DeterministicAiModule {}
  service = await startServiceUnderTest({
    name: 'assistant',
    envSchema: assistantEnv,
    define: (config) => {
      const definition = assistantService(config);
      return { ...definition, features: definition.features.map((feature) => (feature === AiModule ? DeterministicAiModule : feature)) };
    },
    env: { JWKS_URL: tokens.jwksUrl, JWT_ISSUER: tokens.issuer, JWT_AUDIENCE: tokens.audience, DRAFT_TIMEOUT_MS: '3000' },
  });
  publisher = new EventPublisher(nc);
  rpc = new RpcClient(nc);
});

afterAll(async () => {
  identityStandIn?.unsubscribe();
  await service?.close();
  await messaging?.stop();
  await nc?.close();
  await realRuntime?.close();
  await tokens?.close();
});

interface Caller {
  userId: string;
  authorization: string;
}

async function caller(): Promise<Caller> {
  const userId = `usr_${randomUUID()}`;
  return { userId, authorization: await tokens.bearer(userId) };
}

/** A request to messaging as a user of the web app would make it (through the BFF: their token). */
function ask<C extends RpcContract>(contract: C, payload: RequestInputOf<C>, as: Caller): Promise<ResponseOf<C>> {
  return rpc.request(contract, payload, { authorization: as.authorization });
}

async function sql<T>(query: string, params: unknown[] = []): Promise<T[]> {
  return (service.app.get(MikroORM).em.fork() as EntityManager).execute<T[]>(query, params);
}

const t = (name: string) => `"${messaging.schema}"."${name}"`;
let numbers = 0;

async function world() {
  const owner = await caller();
  const locationId = uuidv7();
  const scope = { locationId, accountId: owner.userId, ownerUserId: owner.userId };
  await publisher.publish(PropertyLocationCreated, { ...scope, name: 'Elm Court', addressText: '12 Elm Street, Springfield, IL 62701', type: 'MULTI_UNIT', declaredUnitsCount: 6, isRentalProperty: true });
  const number = `+1415557${String(1000 + ++numbers).slice(-4)}`;
  await publisher.publish(LocationPhoneNumberAssigned, { ...scope, phoneNumber: number, provider: 'sandbox' });
  const tenant = { id: uuidv7(), phone: `+1555125${String(1000 + numbers).slice(-4)}` };
  await publisher.publish(TenantCreated, { ...scope, tenantId: tenant.id, unitId: uuidv7(), buildingId: uuidv7(), fullName: 'Maria Lopez', phoneNumbers: [tenant.phone], emails: [] });
  const trash = uuidv7();
  const leak = uuidv7();
  const changedAt = new Date().toISOString();
  await publisher.publish(QuestionCreated, { ...scope, questionId: trash, question: 'When is trash collected?', answer: 'Trash and recycling are collected every Thursday morning; put the bins out by 7 AM.', changedAt });
  await publisher.publish(QuestionCreated, { ...scope, questionId: leak, question: 'What do I do about a water leak?', answer: 'Turn off the water valve under the sink and call the emergency maintenance line.', changedAt });
  await waitFor(async () => (await sql(`select 1 from ${t('tenant_directory')} where tenant_id = ?`, [tenant.id])).length === 1, { timeout: 30_000, description: 'tenant copied' });
  await waitFor(async () => (await sql(`select 1 from ${t('location_phone_number')} where phone_number = ?`, [number])).length === 1, { timeout: 30_000, description: 'number copied' });
  await waitFor(async () => (await sql(`select 1 from ${t('location_directory')} where location_id = ? and name <> ''`, [locationId])).length === 1, { timeout: 30_000, description: 'name copied' });
  await waitFor(async () => (await sql(`select 1 from ${t('access_location')} where location_id = ?`, [locationId])).length === 1, { timeout: 30_000, description: 'location granted' });
  await waitFor(async () => (await sql(`select 1 from "${service.schema}"."knowledge_item" where location_id = ? and embedding is not null`, [locationId])).length === 2, { timeout: 60_000, description: 'knowledge embedded' });
  return { owner, locationId, number, tenant, questions: { trash, leak } };
}

const callSid = () => `CA${randomBytes(16).toString('hex')}`;

/** The TwiML answer, its escaped characters read back (what the caller hears is compared as text). */
async function twiml(res: Response): Promise<string> {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/xml/);
  return (await res.text()).replace(/&apos;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

let w: Awaited<ReturnType<typeof world>>;
beforeAll(async () => {
  w = await world();
});

it('greets a caller with the location\'s name, answers each turn from its Q&A aloud, and logs the call with its transcript', async () => {
  const sid = callSid();
  const start = { CallSid: sid, AccountSid: `AC${'0'.repeat(32)}`, From: w.tenant.phone, To: w.number, CallStatus: 'ringing', Direction: 'inbound' };
  const greeting = await twiml(await messaging.post('/voice/inbound', start));
  expect(greeting).toContain('Thank you for calling Elm Court.');
  expect(greeting).toMatch(/<Gather input="speech" action="\/voice\/gather" method="POST" speechTimeout="auto" language="en-US">/);
  // The provider retries a webhook it got no answer to: the same CallSid is one call.
  expect(await twiml(await messaging.post('/voice/inbound', start))).toBe(greeting);
  expect(await sql(`select 1 from ${t('inbound_call')} where call_sid = ?`, [sid])).toHaveLength(1);

  const answer = await twiml(await messaging.post('/voice/gather', { CallSid: sid, SpeechResult: 'When is trash collected?', Confidence: '0.92' }));
  expect(answer).toContain('Trash and recycling are collected every Thursday morning; put the bins out by 7 AM.');
  expect(answer).toContain('Is there anything else I can help you with?');
  expect(answer).toContain('<Gather input="speech"');

  const bye = await twiml(await messaging.post('/voice/gather', { CallSid: sid, SpeechResult: 'No, that is all. Goodbye!', Confidence: '0.9' }));
  expect(bye).toContain('Thank you for calling. Goodbye.');
  expect(bye).toContain('<Hangup/>');
  expect(bye).not.toContain('<Gather');

  await twiml(await messaging.post('/voice/status', { CallSid: sid, CallStatus: 'completed', CallDuration: '42' }));

  const { items } = await ask(ListInboundCalls, { location_id: w.locationId }, w.owner);
  const call = items.find((item) => item.call_sid === sid)!;
  expect(call).toMatchObject({
    property_location_id: w.locationId,
    from: w.tenant.phone,
    to: w.number,
    tenant: { id: w.tenant.id, full_name: 'Maria Lopez' },
    status: 'completed',
    duration_seconds: 42,
    urgent: false,
  });
  expect(call.ended_at).not.toBeNull();
  expect(call.turns).toEqual([
    expect.objectContaining({
      seq: 1,
      transcript: 'When is trash collected?',
      confidence: expect.closeTo(0.92, 5),
      kind: 'answer',
      answer: 'Trash and recycling are collected every Thursday morning; put the bins out by 7 AM.',
      urgent: false,
      message_id: null,
      sources: [expect.objectContaining({ kind: 'question', id: w.questions.trash })],
    }),
    expect.objectContaining({ seq: 2, transcript: 'No, that is all. Goodbye!', kind: 'goodbye', answer: 'Thank you for calling. Goodbye.' }),
  ]);
  expect(await ask(GetInboundCall, { id: call.id }, w.owner)).toEqual(call);

  // Another account's owner sees nothing of it.
  const stranger = await caller();
  await expect(ask(GetInboundCall, { id: call.id }, stranger)).rejects.toMatchObject({ status: 404, message: 'Call not found' });
  await expect(ask(ListInboundCalls, { location_id: w.locationId }, stranger)).rejects.toBeInstanceOf(RpcFailure);
});

it('an urgent turn: the caller hears that the team is alerted, and the turn is an urgent inbound message of their thread', async () => {
  const sid = callSid();
  await twiml(await messaging.post('/voice/inbound', { CallSid: sid, From: w.tenant.phone, To: w.number }));
  const words = 'My kitchen sink is leaking, water everywhere';
  const answer = await twiml(await messaging.post('/voice/gather', { CallSid: sid, SpeechResult: words }));
  expect(answer).toContain("I understand this is urgent. I've alerted the property team, and someone will contact you as soon as possible.");
  // Then the safety step drafting leads every urgent reply with.
  expect(answer).toContain('If you can do it safely, shut off the water valve');

  const [turn] = await sql<{ urgent: boolean; message_id: string | null }>(
    `select urgent, message_id from ${t('call_turn')} where call_id = (select id from ${t('inbound_call')} where call_sid = ?)`,
    [sid],
  );
  expect(turn).toMatchObject({ urgent: true, message_id: expect.any(String) });
  const emergencies = await ask(ListInboxItems, { location_id: w.locationId, filter: 'emergency' }, w.owner);
  expect(emergencies.items).toEqual([expect.objectContaining({ id: turn!.message_id, message: words, urgent: true, tenant: expect.objectContaining({ id: w.tenant.id }) })]);
  const { items } = await ask(ListInboundCalls, { location_id: w.locationId }, w.owner);
  expect(items.find((item) => item.call_sid === sid)).toMatchObject({ urgent: true, status: 'in_progress' });
});

it('an assistant slower than the budget: the caller hears the holding line, and their words are kept and passed to the team', async () => {
  const sid = callSid();
  await twiml(await messaging.post('/voice/inbound', { CallSid: sid, From: '+15559870001', To: w.number }));
  slowModel = true;
  let answer: string;
  const started = Date.now();
  try {
    answer = await twiml(await messaging.post('/voice/gather', { CallSid: sid, SpeechResult: 'What morning is the trash collected? The bins smell' }));
  } finally {
    slowModel = false;
  }
  expect(Date.now() - started).toBeLessThan(4_000);
  expect(answer).toContain("I've passed your message to the team; someone will get back to you.");
  expect(answer).toContain('<Gather input="speech"');
  const { items } = await ask(ListInboundCalls, { location_id: w.locationId }, w.owner);
  const call = items.find((item) => item.call_sid === sid)!;
  expect(call.tenant).toBeNull();
  expect(call.turns).toEqual([
    expect.objectContaining({ transcript: 'What morning is the trash collected? The bins smell', kind: 'holding', answer: "I've passed your message to the team; someone will get back to you.", message_id: expect.any(String) }),
  ]);
  const inbox = await ask(ListInboxItems, { location_id: w.locationId }, w.owner);
  expect(inbox.items.find((item) => item.id === call.turns[0]!.message_id)).toMatchObject({ message: 'What morning is the trash collected? The bins smell', from: '+15559870001' });
  // The assistant stopped the turn's draft when messaging stopped waiting (the caller's wait travels with the request):
  // its model call was cancelled, not left to hold the model.
  await waitFor(() => cancelledSlowCalls >= 1, { timeout: 3_000, description: 'the abandoned turn\'s model call cancelled' });
});

it('a bad or missing signature is 403 and stores nothing; a number no location has is not in service, kept unrouted', async () => {
  const sid = callSid();
  const start = { CallSid: sid, From: w.tenant.phone, To: w.number };
  expect((await messaging.post('/voice/inbound', start, { signature: 'bm90IGEgc2lnbmF0dXJl' })).status).toBe(403);
  expect((await messaging.post('/voice/inbound', start, { signature: '' })).status).toBe(403);
  expect((await messaging.post('/voice/gather', { CallSid: sid, SpeechResult: 'hello' }, { signature: 'bm90IGEgc2lnbmF0dXJl' })).status).toBe(403);
  expect(await sql(`select 1 from ${t('inbound_call')} where call_sid = ?`, [sid])).toHaveLength(0);
  expect((await messaging.post('/voice/inbound', { CallSid: 'CA-not-a-sid', From: w.tenant.phone, To: w.number })).status).toBe(400);

  const unknown = await twiml(await messaging.post('/voice/inbound', { CallSid: sid, From: w.tenant.phone, To: '+14155550999' }));
  expect(unknown).toContain('the number you have called is not in service');
  expect(unknown).toContain('<Hangup/>');
  expect(await sql(`select routed, location_id from ${t('inbound_call')} where call_sid = ?`, [sid])).toEqual([{ routed: false, location_id: null }]);
});
