import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import { Global, Module } from '@nestjs/common';
import type { BaseMessage } from '@langchain/core/messages';
import { AiRuntime, DeterministicTestChatModel, readAiConfig, type StreamedCallOptions, type StreamedStructured } from '@pm/ai';
import { jetstreamManager } from '@nats-io/jetstream';
import {
  CHAT_LIMIT_MESSAGE,
  ChatReplyProgressed,
  CreateBuilding,
  CreatePropertyLocation,
  CreateQuestion,
  CreateTenant,
  CreateUnit,
  envelopeSchemaOf,
  GetChatStarterQuestions,
  GetChatToken,
  GetChatUsage,
  ListChatMessages,
  RateChatMessage,
  SendChatMessage,
  SetUserPropertyByAddress,
  UserRegistered,
  type ChatMessage,
  type EventOf,
} from '@pm/contracts';
import { connectNats, EventPublisher, type RpcFailure } from '@pm/messaging';
import { startServiceUnderTest, type ServiceUnderTest } from '@pm/nest-kit/testing';
import { startTestTokenIssuer, waitFor, type TestTokenIssuer } from '@pm/testing';
import type { NatsConnection } from '@nats-io/nats-core';
import type { z } from 'zod';
import { AiModule } from '../src/ai/ai.module.js';
import { notCoveredAnswer } from '../src/answering/not-covered-answer.js';
import { assistantEnv } from '../src/config/assistant-env.js';
import { assistantService } from '../src/service.js';
import { startPortfolioProcess } from './support/service-process.js';

jest.setTimeout(180_000);

/**
 * Terri's chat through the assistant's calls on the real bus, with the real portfolio (where the asker lives, the
 * manager's Q&A through its events), PostgreSQL and the MiniLM ranking. The chat model is DeterministicTestChatModel:
 * these tests are about the channel (who sees and rates what, the limit, input rules, which facts Terri may use),
 * not the model's wording (test/terri-real-model.int-spec.ts runs the local model). It cites the first fact it is
 * given and answers with that fact's own text.
 */
const deterministicChat = new DeterministicTestChatModel((_question, messages: BaseMessage[]) => {
  const system = messages[0]!.text;
  if (system.startsWith('Translate')) return JSON.stringify({ english: messages.at(-1)!.text });
  const first = /^\[([^\]]+)\] [^:]*: (.*)$/m.exec(system);
  return JSON.stringify(first ? { sourceIds: [first[1]], answer: first[2] } : { sourceIds: [], answer: '' });
});

let tokens: TestTokenIssuer;
let portfolio: { stop(): Promise<void> };
let service: ServiceUnderTest;
let nc: NatsConnection;
let publisher: EventPublisher;
let realRuntime: AiRuntime;

beforeAll(async () => {
  tokens = await startTestTokenIssuer();
  portfolio = await startPortfolioProcess(tokens);
  realRuntime = new AiRuntime(readAiConfig());
  const runtime = {
    embeddings: realRuntime.embeddings,
    chatModel: deterministicChat,
    status: () => ({ chat: { available: true, provider: 'deterministic-test' }, embeddings: realRuntime.status().embeddings }),
    async invokeStructured<S extends z.ZodType<Record<string, unknown>>>(messages: BaseMessage[], schema: S): Promise<z.infer<S>> {
      return schema.parse(JSON.parse((await deterministicChat.invoke(messages)).text));
    },
    async streamStructured<S extends z.ZodType<Record<string, unknown>>>(messages: BaseMessage[], schema: S, options: StreamedCallOptions = {}): Promise<StreamedStructured<z.infer<S>>> {
      const text = (await deterministicChat.invoke(messages)).text;
      options.onText?.(text);
      return { text, end: 'complete', value: schema.parse(JSON.parse(text)) };
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
    env: { JWKS_URL: tokens.jwksUrl, JWT_ISSUER: tokens.issuer, JWT_AUDIENCE: tokens.audience },
  });
  nc = await connectNats({ servers: process.env.NATS_URL!, name: `terri-test-${service.schema}` });
  publisher = new EventPublisher(nc);
});

afterAll(async () => {
  await nc?.close();
  await service?.close();
  await portfolio?.stop();
  await realRuntime?.close();
  await tokens?.close();
});

interface Person {
  userId: string;
  email: string | undefined;
  authorization: string;
}

async function registered(accountType: 'property_manager' | null, email = `p.${randomUUID()}@example.com`): Promise<Person> {
  const userId = `usr_${randomUUID()}`;
  await publisher.publish(UserRegistered, { userId, email, fullName: 'Alex Morgan', accountType, campaign: null, upgradedFromAnonymous: false, method: 'password' });
  const authorization = await tokens.bearer(userId, { email });
  // Portfolio learns of the account from the event: wait until it answers for it.
  await waitFor(async () => (await service.call(SetUserPropertyByAddress, { street: '1 Probe Way', city: 'Austin', state: 'TX', zip: '78701' }, authorization).then(() => true, () => false)), { timeout: 15_000, description: `${userId} known to portfolio` });
  return { userId, email, authorization };
}

async function anonymous(): Promise<Person> {
  const userId = `usr_${randomUUID()}`;
  return { userId, email: undefined, authorization: await tokens.bearer(userId, { is_anonymous: true, email: undefined }) };
}

const harbor = { street: '1460 Harbor View Dr', city: 'San Diego', state: 'CA', zip: '92101' };

/** A manager's location with a Q&A item, and a registered tenant of it (by e-mail) who set their home there. */
async function managedLocationWithResident() {
  const manager = await registered('property_manager');
  const location = await service.call(
    CreatePropertyLocation,
    { name: 'Harbor View Apartments', address_text: '1450 Harbor View Drive, San Diego, CA 92101', type: 'MULTI_UNIT', declared_units_count: 40, is_rental_property: true, metadata: { usage: 'rental' } },
    manager.authorization,
  );
  const building = await service.call(CreateBuilding, { name: 'Building B', property_location_id: location.id, address_text: '1460 Harbor View Drive, San Diego, CA 92101' }, manager.authorization);
  const unit = await service.call(CreateUnit, { name: 'B-204', building_id: building.id }, manager.authorization);
  const question = await service.call(
    CreateQuestion,
    { location_id: location.id, question: 'When is trash collected?', answer: 'Trash and recycling are collected every Thursday morning; put the bins out by 7 AM.' },
    manager.authorization,
  );
  const resident = await registered(null);
  await service.call(CreateTenant, { full_name: 'Maya Chen', unit_id: unit.id, contacts: [{ type: 'email', value: resident.email! }] }, manager.authorization);
  await service.call(SetUserPropertyByAddress, harbor, resident.authorization);
  // The assistant's knowledge copy follows portfolio's events.
  await waitFor(() => queryKnowledge(question.id), { timeout: 20_000, description: 'Q&A item in the knowledge copy' });
  return { location, question, resident };
}

async function queryKnowledge(questionId: string): Promise<boolean> {
  const { default: pg } = await import('pg');
  const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  try {
    return ((await db.query(`select 1 from "${service.schema}"."knowledge_item" where source_id = $1`, [questionId])).rowCount ?? 0) > 0;
  } finally {
    await db.end();
  }
}

async function send(person: Person, text: string): Promise<ChatMessage> {
  return service.call(SendChatMessage, { text }, person.authorization);
}

function replyTo(person: Person, message: ChatMessage): Promise<ChatMessage> {
  return waitFor(
    async () => (await service.call(ListChatMessages, { limit: 50 }, person.authorization)).items.find((item) => item.reply_to === message.id),
    { timeout: 30_000, description: `Terri's reply to ${message.id}` },
  );
}

async function failure(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  const error = (await promise.then(() => undefined, (caught: unknown) => caught)) as RpcFailure | undefined;
  if (!error) throw new Error('expected the call to fail');
  return { status: (error as unknown as { status: number }).status, message: error.message };
}

describe("Terri's answers", () => {
  it("answers a registered resident from their location's Q&A, citing it, and never an anonymous visitor who typed the same address", async () => {
    const { question, resident } = await managedLocationWithResident();
    const asked = await send(resident, 'When is trash collected?');
    expect(asked).toMatchObject({ role: 'user', user_id: resident.userId, channel: `user-channel_${resident.userId}`, text: 'When is trash collected?', rating: null, own_reactions: [], outcome: null });
    const reply = await replyTo(resident, asked);
    expect(reply).toMatchObject({ role: 'admin', user_id: resident.userId, outcome: 'answered', text: 'Trash and recycling are collected every Thursday morning; put the bins out by 7 AM.' });
    expect(reply.sources).toEqual([{ id: `knowledge:question:${question.id}`, kind: 'knowledge', title: 'When is trash collected?' }]);

    // The visitor gets what anyone in San Diego may know (the city's collection rules, from the area facts), never
    // the manager's Q&A.
    const visitor = await anonymous();
    await service.call(SetUserPropertyByAddress, harbor, visitor.authorization);
    const visitorAsked = await send(visitor, 'When is trash collected?');
    const visitorReply = await replyTo(visitor, visitorAsked);
    expect(visitorReply).toMatchObject({ role: 'admin', outcome: 'answered' });
    expect(visitorReply.sources.map((source) => source.id)).toEqual(['area:san-diego-ca:trash-recycling-collection']);
    expect(visitorReply.sources[0]).toMatchObject({ kind: 'area', link: 'https://www.sandiego.gov/environmental-services/collection/schedule' });
    expect(visitorReply.text).not.toContain('Thursday');
  });

  it("sends the reply's words while they are written, under the id the reply is stored with", async () => {
    const visitor = await anonymous();
    await service.call(SetUserPropertyByAddress, { street: '618 SE Cedar Street', city: 'Portland', state: 'OR', zip: '97214' }, visitor.authorization);
    const asked = await send(visitor, 'How often is trash collected here?');
    const reply = await replyTo(visitor, asked);
    const jsm = await jetstreamManager(nc);
    const progressed = await waitFor(
      async () => {
        const message = await jsm.streams.getMessage('PM_ASSISTANT', { last_by_subj: ChatReplyProgressed.subject }).catch(() => null);
        const event = message ? (envelopeSchemaOf(ChatReplyProgressed).parse(message.json()) as EventOf<typeof ChatReplyProgressed>) : undefined;
        return event?.data.replyTo === asked.id ? event : undefined;
      },
      { timeout: 15_000, description: "the reply's words in PM_ASSISTANT" },
    );
    expect(progressed.data).toMatchObject({ messageId: reply.id, userId: visitor.userId });
    expect(reply.text.startsWith(progressed.data.text)).toBe(true);
    expect(reply.sources.map((source) => source.id)).toEqual(['area:portland-or:trash-recycling-collection']);
  });

  it('offers starter questions it can answer for the home: the area\'s, a vouched resident\'s own Q&A first, the address last', async () => {
    const visitor = await anonymous();
    expect(await service.call(GetChatStarterQuestions, {}, visitor.authorization)).toEqual({ questions: [] });
    await service.call(SetUserPropertyByAddress, { street: '618 SE Cedar Street', city: 'Portland', state: 'OR', zip: '97214' }, visitor.authorization);
    expect(await service.call(GetChatStarterQuestions, {}, visitor.authorization)).toEqual({
      questions: ['How often is trash collected here?', 'When must my landlord return my security deposit?', 'How much notice must my landlord give before entering my home?', 'What address do you have for my home?'],
    });
    const { resident } = await managedLocationWithResident();
    expect(await service.call(GetChatStarterQuestions, {}, resident.authorization)).toEqual({
      questions: ['When is trash collected?', 'How often is trash collected here?', 'When must my landlord return my security deposit?', 'What address do you have for my home?'],
    });
  });

  it('answers from the address itself, and says plainly it does not know what neither it nor the area facts cover', async () => {
    const visitor = await anonymous();
    await service.call(SetUserPropertyByAddress, { street: '4127 sycamore lane', city: 'austin', state: 'TX', zip: '78745' }, visitor.authorization);
    const zip = await replyTo(visitor, await send(visitor, 'What is the ZIP code of my address?'));
    expect(zip).toMatchObject({ outcome: 'answered', sources: [{ id: 'address:home', kind: 'address', title: 'Your address' }] });
    expect(zip.text).toContain('78745');
    expect(zip.text).toContain('4127 Sycamore Lane, Austin');

    const market = await replyTo(visitor, await send(visitor, 'Is there a farmers market on Saturdays near me?'));
    expect(market).toMatchObject({ outcome: 'not-covered', sources: [], text: notCoveredAnswer('resident', 'en').answer });
  });
});

describe("the anonymous visitor's limit", () => {
  it('refuses the 6th message of an anonymous visitor with the spec text, and the usage says limited; a registered user has no limit', async () => {
    const visitor = await anonymous();
    for (let i = 1; i <= 5; i++) {
      await send(visitor, `Question ${i}`);
      expect(await service.call(GetChatUsage, {}, visitor.authorization)).toEqual({ user_messages: i, limit: 5, limited: i === 5 });
    }
    expect(await failure(send(visitor, 'Question 6'))).toEqual({ status: 403, message: CHAT_LIMIT_MESSAGE });
    expect((await service.call(ListChatMessages, { limit: 50 }, visitor.authorization)).items.filter((m) => m.role === 'user')).toHaveLength(5);

    const person = await registered(null);
    expect(await service.call(GetChatUsage, {}, person.authorization)).toEqual({ user_messages: 0, limit: null, limited: false });
  });

  it('lets no more than 5 through when an anonymous visitor sends 8 at once', async () => {
    const visitor = await anonymous();
    const results = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => send(visitor, `At once ${i}`)));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(5);
    expect((await service.call(GetChatUsage, {}, visitor.authorization)).user_messages).toBe(5);
  });
});

describe('input rules', () => {
  it.each([
    ['', 'Message is required'],
    ['   \n ', 'Message is required'],
    ['x'.repeat(2001), 'Message must be at most 2,000 characters'],
    ['bell \u0007', 'Message contains characters that are not allowed'],
    ['hidden \u202e', 'Message contains characters that are not allowed'],
  ])('refuses %j with 400 "%s"', async (text, message) => {
    const visitor = await anonymous();
    expect(await failure(send(visitor, text))).toEqual({ status: 400, message });
    expect(await service.call(GetChatUsage, {}, visitor.authorization)).toMatchObject({ user_messages: 0 });
  });

  it('keeps newlines and takes 2,000 characters', async () => {
    const visitor = await anonymous();
    expect((await send(visitor, 'line one\r\nline two')).text).toBe('line one\nline two');
    expect((await send(visitor, 'y'.repeat(2000))).text).toHaveLength(2000);
  });
});

describe("one user's channel is theirs alone", () => {
  it("lists, rates and names only the caller's own channel", async () => {
    const a = await anonymous();
    const b = await anonymous();
    const asked = await send(a, 'Hello Terri');
    const reply = await replyTo(a, asked);

    expect(await service.call(GetChatToken, {}, a.authorization)).toEqual({ tokenOrProvider: 'session', channel: `user-channel_${a.userId}`, user_id: a.userId, stream_path: 'chat/stream' });
    expect((await service.call(ListChatMessages, { limit: 50 }, b.authorization)).items).toEqual([]);
    expect(await failure(service.call(RateChatMessage, { message_id: reply.id, rating: 'positive' }, b.authorization))).toEqual({ status: 404, message: 'Message not found' });
    expect(await failure(service.call(RateChatMessage, { message_id: reply.id, rating: 'positive', user_id: b.userId }, a.authorization))).toEqual({
      status: 403,
      message: 'You can rate only messages of your own chat',
    });
    expect(await failure(service.call(RateChatMessage, { message_id: asked.id, rating: 'positive' }, a.authorization))).toEqual({ status: 400, message: 'Only assistant messages can be rated' });
    expect(await failure(service.call(RateChatMessage, { message_id: 'nope', rating: 'positive' }, a.authorization))).toEqual({ status: 404, message: 'Message not found' });
    expect(await failure(service.call(RateChatMessage, { message_id: reply.id, rating: 'great' as never }, a.authorization))).toEqual({ status: 400, message: 'Rating must be positive or negative' });

    expect(await service.call(RateChatMessage, { message_id: reply.id, rating: 'negative', user_id: a.userId }, a.authorization)).toMatchObject({ rating: 'negative', own_reactions: [{ type: 'rate', rating: 'negative' }] });
    expect(await service.call(RateChatMessage, { message_id: reply.id, rating: 'positive' }, a.authorization)).toMatchObject({ rating: 'positive' });
    const listed = (await service.call(ListChatMessages, { limit: 50 }, a.authorization)).items;
    expect(listed.map((m) => [m.role, m.rating])).toEqual([['admin', 'positive'], ['user', null]]);
  });

  it('pages the channel newest first', async () => {
    const visitor = await registered(null);
    for (const text of ['one', 'two', 'three']) await replyTo(visitor, await send(visitor, text));
    const first = await service.call(ListChatMessages, { limit: 4 }, visitor.authorization);
    expect(first.total).toBe(6);
    expect(first.items.map((m) => m.role)).toEqual(['admin', 'user', 'admin', 'user']);
    expect(first.items[1]!.text).toBe('three');
    const second = await service.call(ListChatMessages, { limit: 4, cursor: first.next_cursor! }, visitor.authorization);
    expect(second.items.map((m) => m.text).at(-1)).toBe('one');
    expect(second.next_cursor).toBeNull();
    expect(await failure(service.call(ListChatMessages, { limit: 4, cursor: 'bm9wZQ' }, visitor.authorization))).toEqual({ status: 400, message: 'Invalid cursor' });
  });
});
