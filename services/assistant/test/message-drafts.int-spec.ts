import { randomBytes, randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Global, Module } from '@nestjs/common';
import type { BaseMessage } from '@langchain/core/messages';
import { AiRuntime, DeterministicTestChatModel, readAiConfig, type AiStatus, type StructuredCallOptions } from '@pm/ai';
import {
  EditMessageDraft,
  GetMessageDraft,
  ListInboxItems,
  ListTickets,
  LocationPhoneNumberAssigned,
  PropertyLocationCreated,
  QuestionCreated,
  RegenerateMessageDraft,
  ReplyDraftCompleted,
  TenantCreated,
  type InboxItem,
  type RequestInputOf,
  type ResponseOf,
  type RpcContract,
} from '@pm/contracts';
import { connectNats, EventPublisher, RpcFailure } from '@pm/messaging';
import { startServiceUnderTest, type ServiceUnderTest } from '@pm/nest-kit/testing';
import { startTestTokenIssuer, waitFor, type TestTokenIssuer } from '@pm/testing';
import type { NatsConnection } from '@nats-io/nats-core';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import { AiModule } from '../src/ai/ai.module.js';
import { assistantEnv } from '../src/config/assistant-env.js';
import { assistantService } from '../src/service.js';
import { startMessagingProcess, type MessagingProcess } from './support/messaging-process.js';

jest.setTimeout(240_000);

/**
 * Every inbound message gets a draft, end to end on real PostgreSQL and NATS: the real messaging service (its dist, in
 * a child process) takes a tenant's signed SMS and asks for a draft; this assistant drafts it from the location's Q&A
 * (learnt from portfolio's events, embedded by the real MiniLM) and answers; messaging stores it and the inbox shows it.
 * The chat model is DeterministicTestChatModel (the wording is not the point here; drafting-real-model.int-spec.ts runs
 * the local model): it cites the first knowledge item it is given and answers with that item's own text. A question one
 * item answers is answered with that item's text without the model.
 */
const deterministicChat = new DeterministicTestChatModel((_message, messages: BaseMessage[]) => {
  const system = messages[0]!.text;
  if (system.startsWith('Translate')) return JSON.stringify({ english: messages.at(-1)!.text });
  // Drafting's second opinion on urgency, and its choice among the items' questions where code is unsure: no
  // emergency, the first question.
  if (system.startsWith('Decide if')) return JSON.stringify({ emergency: false });
  if (system.startsWith('Which of the listed questions')) return JSON.stringify({ choice: '1' });
  const first = /^\[([^\]]+)\] .*\n(.*)$/m.exec(system);
  return JSON.stringify({ intent: 'general', sourceIds: first ? [first[1]] : [], reply: first?.[2] ?? '' });
});
const UNAVAILABLE = 'The local AI model is not installed (test): drafts are unavailable. Run npm start to install it.';
let modelsOut = false;
/** Makes the model take longer than the draft timeout (3 s in this file). */
let slowModel = false;
/** The signals the slow model's requests came with: a draft given up on must cancel its model work. */
const slowRequestSignals: (AbortSignal | undefined)[] = [];

let tokens: TestTokenIssuer;
let messaging: MessagingProcess;
let service: ServiceUnderTest;
let nc: NatsConnection;
let publisher: EventPublisher;
let realRuntime: AiRuntime;

beforeAll(async () => {
  tokens = await startTestTokenIssuer();
  messaging = await startMessagingProcess(tokens);
  realRuntime = new AiRuntime(readAiConfig());
  const runtime = {
    embeddings: realRuntime.embeddings,
    chatModel: deterministicChat,
    status: (): { chat: AiStatus; embeddings: AiStatus } => ({
      chat: modelsOut ? { available: false, provider: 'local', reason: 'model-missing', message: UNAVAILABLE } : { available: true, provider: 'deterministic-test' },
      embeddings: realRuntime.status().embeddings,
    }),
    async invokeStructured<S extends z.ZodType<Record<string, unknown>>>(messages: BaseMessage[], schema: S, options: StructuredCallOptions = {}): Promise<z.infer<S>> {
      if (slowModel) {
        slowRequestSignals.push(options.signal);
        await new Promise((done) => setTimeout(done, 5_000));
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
  nc = await connectNats({ servers: process.env.NATS_URL!, name: `drafts-test-${service.schema}` });
  publisher = new EventPublisher(nc);
});

afterAll(async () => {
  await nc?.close();
  await service?.close();
  await messaging?.stop();
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

function call<C extends RpcContract>(contract: C, payload: RequestInputOf<C>, as: Caller): Promise<ResponseOf<C>> {
  return service.call(contract, payload, as.authorization);
}

async function failure(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof RpcFailure) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error('expected the call to fail');
}

async function sql<T>(query: string, params: unknown[] = []): Promise<T[]> {
  return (service.app.get(MikroORM).em.fork() as EntityManager).execute<T[]>(query, params);
}

const drafts = () => `"${messaging.schema}"."message_draft"`;
let numbers = 0;

/** A location of a new account with its number, a tenant and two Q&A items, once messaging and the assistant know them. */
async function world() {
  const owner = await caller();
  const locationId = uuidv7();
  const scope = { locationId, accountId: owner.userId, ownerUserId: owner.userId };
  await publisher.publish(PropertyLocationCreated, { ...scope, name: 'Elm Court', addressText: '12 Elm Street, Springfield, IL 62701', type: 'MULTI_UNIT', declaredUnitsCount: 6, isRentalProperty: true });
  const number = `+1415556${String(1000 + ++numbers).slice(-4)}`;
  await publisher.publish(LocationPhoneNumberAssigned, { ...scope, phoneNumber: number, provider: 'sandbox' });
  const tenant = { id: uuidv7(), phone: `+1555124${String(1000 + numbers).slice(-4)}` };
  await publisher.publish(TenantCreated, { ...scope, tenantId: tenant.id, unitId: uuidv7(), buildingId: uuidv7(), fullName: 'Maria Lopez', phoneNumbers: [tenant.phone], emails: [] });
  const trash = uuidv7();
  const leak = uuidv7();
  const changedAt = new Date().toISOString();
  await publisher.publish(QuestionCreated, { ...scope, questionId: trash, question: 'When is trash collected?', answer: 'Trash and recycling are collected every Thursday morning; put the bins out by 7 AM.', changedAt });
  await publisher.publish(QuestionCreated, { ...scope, questionId: leak, question: 'What do I do about a water leak?', answer: 'Turn off the water valve under the sink and call the emergency maintenance line.', changedAt });
  await waitFor(async () => (await sql(`select 1 from "${messaging.schema}"."tenant_directory" where tenant_id = ?`, [tenant.id])).length === 1, { timeout: 30_000, description: 'tenant copied' });
  await waitFor(async () => (await sql(`select 1 from "${messaging.schema}"."location_phone_number" where phone_number = ?`, [number])).length === 1, { timeout: 30_000, description: 'number copied' });
  await waitFor(async () => (await sql(`select 1 from "${messaging.schema}"."access_location" where location_id = ?`, [locationId])).length === 1, { timeout: 30_000, description: 'location granted' });
  await waitFor(async () => (await sql(`select 1 from "${service.schema}"."knowledge_item" where location_id = ? and embedding is not null`, [locationId])).length === 2, { timeout: 60_000, description: 'knowledge embedded' });
  return { owner, locationId, number, tenant, questions: { trash, leak } };
}

async function inboxItem(w: Awaited<ReturnType<typeof world>>, text: string): Promise<InboxItem> {
  const page = await call(ListInboxItems, { location_id: w.locationId, limit: 100 }, w.owner);
  const item = page.items.find((candidate) => candidate.message === text);
  if (!item) throw new Error(`"${text}" is not in the inbox`);
  return item;
}

async function settled(w: Awaited<ReturnType<typeof world>>, text: string, version = 1): Promise<InboxItem> {
  let item: InboxItem | undefined;
  await waitFor(async () => {
    item = await inboxItem(w, text).catch(() => undefined);
    return item?.draft?.version === version && item.draft.status !== 'pending';
  }, { timeout: 60_000, description: `draft ${version} of "${text}" settled` });
  return item!;
}

let w: Awaited<ReturnType<typeof world>>;
beforeAll(async () => {
  w = await world();
});

it('drafts a reply to a tenant\'s SMS from the location\'s Q&A, and the inbox shows it', async () => {
  const text = 'Hi, when is trash collected?';
  await messaging.sms(w.tenant.phone, w.number, text);
  const item = await settled(w, text);
  // The card names what the reply rests on: the location's Q&A item about trash.
  expect(item.draft).toEqual({
    status: 'ready',
    version: 1,
    reply: 'Trash and recycling are collected every Thursday morning; put the bins out by 7 AM.',
    failure: null,
    sources: [expect.objectContaining({ kind: 'question', title: 'When is trash collected?' })],
    // An answer, not a deferral: nothing near it for the manager to mend.
    near_misses: [],
    outcome: 'cited-answer',
  });
  expect(item.urgent).toBe(false);
  const { versions } = await call(GetMessageDraft, { id: item.id }, w.owner);
  expect(versions).toEqual([
    expect.objectContaining({
      message_id: item.id,
      version: 1,
      origin: 'ai',
      status: 'ready',
      language: 'en',
      urgent: false,
      // The intent rules settle it from the words (trash is a house rule); the deterministic model's 'general' is not asked.
      intent: 'policy_question',
      // One item answers it: its own words, no model call.
      outcome: 'cited-answer',
      flagged_for_manager: false,
      failure: null,
      edited_by: null,
      sources: [expect.objectContaining({ kind: 'question', id: w.questions.trash, title: 'When is trash collected?' })],
    }),
  ]);
  expect(versions[0]!.confidence).toBeGreaterThan(0.45);
});

it('defers a message its knowledge does not answer, names what it found near it, and answers from the item the manager adds', async () => {
  const text = 'Is there a rooftop pool, and when does it open?';
  await messaging.sms(w.tenant.phone, w.number, text);
  const deferred = await settled(w, text);
  // The holding reply, flagged for the manager, with the location's items retrieval found nearest as suggestions.
  expect(deferred.draft).toMatchObject({ status: 'ready', outcome: 'not-covered', sources: [] });
  expect(deferred.draft!.near_misses.length).toBeGreaterThan(0);
  expect(deferred.draft!.near_misses.every((miss) => [w.questions.trash, w.questions.leak].includes(miss.id))).toBe(true);
  const [version] = (await call(GetMessageDraft, { id: deferred.id }, w.owner)).versions;
  expect(version).toMatchObject({ outcome: 'not-covered', flagged_for_manager: true, near_misses: deferred.draft!.near_misses });

  // The manager adds the message as a Q&A item (portfolio announces it); once the assistant's copy has it, Regenerate uses it.
  const pool = uuidv7();
  await publisher.publish(QuestionCreated, {
    locationId: w.locationId,
    accountId: w.owner.userId,
    ownerUserId: w.owner.userId,
    questionId: pool,
    question: text,
    answer: 'The rooftop pool is open every day from 6:45 AM to 9:15 PM.',
    changedAt: new Date().toISOString(),
  });
  await waitFor(async () => (await sql(`select 1 from "${service.schema}"."knowledge_item" where source_id = ? and embedding is not null`, [pool])).length === 1, {
    timeout: 60_000,
    description: 'the new item embedded',
  });
  await call(RegenerateMessageDraft, { id: deferred.id }, w.owner);
  const answered = await settled(w, text, 2);
  expect(answered.draft).toMatchObject({ status: 'ready', near_misses: [], outcome: expect.stringMatching(/^(model-reply|cited-answer)$/) });
  expect(answered.draft!.sources.map((source) => source.id)).toContain(pool);
  expect(answered.draft!.reply).toMatch(/6:45/);
});

it('flags an urgent message\'s draft URGENT, and the emergency filter finds it', async () => {
  const text = 'my kitchen sink is leaking, water everywhere';
  await messaging.sms(w.tenant.phone, w.number, text);
  const item = await settled(w, text);
  expect(item.urgent).toBe(true);
  expect(item.draft?.status).toBe('ready');
  const [draft] = (await call(GetMessageDraft, { id: item.id }, w.owner)).versions;
  expect(draft).toMatchObject({ urgent: true, intent: 'emergency', flagged_for_manager: true });
  const emergencies = await call(ListInboxItems, { location_id: w.locationId, filter: 'emergency' }, w.owner);
  expect(emergencies.items.map((entry) => entry.id)).toEqual([item.id]);
  // Messaging opened its ticket in the transaction that stored the draft (services/messaging/test/tickets.int-spec.ts).
  const tickets = await call(ListTickets, { location_id: w.locationId }, w.owner);
  expect(tickets.items.filter((ticket) => ticket.sms_id === item.id)).toEqual([expect.objectContaining({ urgent: true, intent: 'emergency', message: text })]);
});

it('makes one draft of a message the provider delivers twice, and a repeated or late answer changes nothing', async () => {
  const text = 'Is the gym open on Sundays?';
  const sid = `SM${randomBytes(16).toString('hex')}`;
  await messaging.sms(w.tenant.phone, w.number, text, sid);
  await messaging.sms(w.tenant.phone, w.number, text, sid);
  const item = await settled(w, text);
  expect(await sql(`select version from ${drafts()} where message_id = ?`, [item.id])).toHaveLength(1);

  const [first] = (await call(GetMessageDraft, { id: item.id }, w.owner)).versions;
  const regenerated = await call(RegenerateMessageDraft, { id: item.id }, w.owner);
  expect(regenerated.draft).toMatchObject({ version: 2, origin: 'regenerate' });
  await settled(w, text, 2);
  // The assistant's answer to version 1 again (a redelivery after a crash), with other words: version 1 keeps its own.
  await publisher.publish(ReplyDraftCompleted, {
    locationId: w.locationId,
    accountId: w.owner.userId,
    draftId: first!.id,
    messageId: item.id,
    status: 'failed',
    draft: null,
    failure: 'late',
    completedAt: new Date().toISOString(),
  });
  await new Promise((done) => setTimeout(done, 1_500));
  const { versions } = await call(GetMessageDraft, { id: item.id }, w.owner);
  expect(versions.map((version) => [version.version, version.status])).toEqual([[2, 'ready'], [1, 'ready']]);
  expect(versions[1]).toEqual(first);
});

it('keeps the message when the models are unavailable, shows the draft failed with why, and Regenerate drafts it once they are back', async () => {
  const text = 'When is trash collected this week?';
  modelsOut = true;
  try {
    await messaging.sms(w.tenant.phone, w.number, text);
    const item = await settled(w, text);
    expect(item.draft).toEqual({ status: 'failed', version: 1, reply: null, failure: UNAVAILABLE, sources: [], near_misses: [], outcome: null });
    expect(item.status).toBe('needs_response');
  } finally {
    modelsOut = false;
  }
  const item = await inboxItem(w, text);
  const answer = await call(RegenerateMessageDraft, { id: item.id }, w.owner);
  expect(answer.message).toBe('AI response regenerated successfully');
  expect(answer.draft).toMatchObject({ version: 2, origin: 'regenerate', status: 'pending', reply: null });
  expect((await inboxItem(w, text)).draft).toMatchObject({ status: 'pending', version: 2 });
  const after = await settled(w, text, 2);
  expect(after.draft).toMatchObject({ status: 'ready', reply: 'Trash and recycling are collected every Thursday morning; put the bins out by 7 AM.' });
  const { versions } = await call(GetMessageDraft, { id: item.id }, w.owner);
  expect(versions.map((version) => [version.version, version.origin, version.status])).toEqual([[2, 'regenerate', 'ready'], [1, 'ai', 'failed']]);
});

it('shows the draft failed when the model takes longer than the timeout, and Regenerate drafts it', async () => {
  // "smell" asks the model's second opinion on urgency: a draft that needs the model.
  const text = 'Which day is trash collected? The bins smell awful';
  slowModel = true;
  try {
    await messaging.sms(w.tenant.phone, w.number, text);
    const item = await settled(w, text);
    expect(item.draft).toEqual({ status: 'failed', version: 1, reply: null, failure: 'The AI did not finish the draft within 3 seconds. Regenerate to try again.', sources: [], near_misses: [], outcome: null });
    // The model's work for the abandoned draft was cancelled with it: it does not hold the model while the next waits.
    expect(slowRequestSignals.length).toBeGreaterThan(0);
    expect(slowRequestSignals.every((signal) => signal?.aborted === true)).toBe(true);
  } finally {
    slowModel = false;
  }
  const item = await inboxItem(w, text);
  await call(RegenerateMessageDraft, { id: item.id }, w.owner);
  expect((await settled(w, text, 2)).draft).toMatchObject({ status: 'ready', reply: 'Trash and recycling are collected every Thursday morning; put the bins out by 7 AM.' });
});

it('keeps the team\'s edit as a new version with who and when, and refuses bad text', async () => {
  const text = 'Where do the bins go?';
  await messaging.sms(w.tenant.phone, w.number, text);
  const item = await settled(w, text);
  const before = Date.now();
  const edited = await call(EditMessageDraft, { id: item.id, response: '  Bins go behind building A, Maria.\nThanks!  ' }, w.owner);
  expect(edited.message).toBe('Manager response stored successfully');
  expect(edited.draft).toMatchObject({ version: 2, origin: 'edit', status: 'ready', reply: 'Bins go behind building A, Maria.\nThanks!', edited_by: w.owner.userId });
  expect(Date.parse(edited.draft.created_at)).toBeGreaterThanOrEqual(before - 1_000);
  expect((await inboxItem(w, text)).draft).toMatchObject({ version: 2, status: 'ready', reply: 'Bins go behind building A, Maria.\nThanks!' });
  expect((await call(GetMessageDraft, { id: item.id }, w.owner)).versions.map((version) => version.origin)).toEqual(['edit', 'ai']);

  expect(await failure(call(EditMessageDraft, { id: item.id, response: 'Hi\u0007there' }, w.owner))).toEqual({ status: 400, message: 'Response contains characters that are not allowed' });
  expect(await failure(call(EditMessageDraft, { id: item.id, response: 'x'.repeat(10_001) }, w.owner))).toEqual({ status: 400, message: 'Response must be at most 10,000 characters' });
  expect(await failure(call(EditMessageDraft, { id: item.id, response: '   ' }, w.owner))).toEqual({ status: 400, message: 'Response is required' });
  expect(await sql(`select version from ${drafts()} where message_id = ?`, [item.id])).toHaveLength(2);
});

it('answers another account\'s manager 404 for every draft call, and changes nothing', async () => {
  const text = 'Can I park a second car?';
  await messaging.sms(w.tenant.phone, w.number, text);
  const item = await settled(w, text);
  const stranger = await caller();
  for (const attempt of [
    call(GetMessageDraft, { id: item.id }, stranger),
    call(RegenerateMessageDraft, { id: item.id }, stranger),
    call(EditMessageDraft, { id: item.id, response: 'Sure.' }, stranger),
    call(GetMessageDraft, { id: uuidv7() }, w.owner),
    call(GetMessageDraft, { id: 'not-an-id' }, w.owner),
  ]) {
    expect(await failure(attempt)).toEqual({ status: 404, message: 'Message not found' });
  }
  expect(await sql(`select version from ${drafts()} where message_id = ?`, [item.id])).toHaveLength(1);
});
