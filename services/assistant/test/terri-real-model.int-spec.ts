import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import {
  CreateBuilding,
  CreatePropertyLocation,
  CreateQuestion,
  CreateTenant,
  CreateUnit,
  ListChatMessages,
  SendChatMessage,
  SetUserPropertyByAddress,
  UserRegistered,
  type ChatMessage,
} from '@pm/contracts';
import { connectNats, EventPublisher } from '@pm/messaging';
import { startServiceUnderTest, type ServiceUnderTest } from '@pm/nest-kit/testing';
import { startTestTokenIssuer, waitFor, type TestTokenIssuer } from '@pm/testing';
import type { NatsConnection } from '@nats-io/nats-core';
import pg from 'pg';
import { assistantEnv } from '../src/config/assistant-env.js';
import { assistantService } from '../src/service.js';
import { startPortfolioProcess } from './support/service-process.js';

jest.setTimeout(10 * 60_000);

/**
 * Terri with the real local models (Qwen2.5-Coder 1.5B, MiniLM), one question: the reply's structure and sources,
 * never its wording. The channel's rules are test/terri-chat.int-spec.ts.
 */
let tokens: TestTokenIssuer;
let portfolio: { stop(): Promise<void> };
let service: ServiceUnderTest;
let nc: NatsConnection;

beforeAll(async () => {
  tokens = await startTestTokenIssuer();
  portfolio = await startPortfolioProcess(tokens);
  service = await startServiceUnderTest({
    name: 'assistant',
    envSchema: assistantEnv,
    define: assistantService,
    env: { JWKS_URL: tokens.jwksUrl, JWT_ISSUER: tokens.issuer, JWT_AUDIENCE: tokens.audience },
  });
  nc = await connectNats({ servers: process.env.NATS_URL!, name: `terri-real-test-${service.schema}` });
});

afterAll(async () => {
  await nc?.close();
  await service?.close();
  await portfolio?.stop();
  await tokens?.close();
});

async function registered(accountType: 'property_manager' | null) {
  const userId = `usr_${randomUUID()}`;
  const email = `p.${randomUUID()}@example.com`;
  await new EventPublisher(nc).publish(UserRegistered, { userId, email, fullName: 'Alex Morgan', accountType, campaign: null, upgradedFromAnonymous: false, method: 'password' });
  const authorization = await tokens.bearer(userId, { email });
  await waitFor(() => service.call(SetUserPropertyByAddress, { street: '1 Probe Way', city: 'Austin', state: 'TX', zip: '78701' }, authorization).then(() => true, () => false), {
    timeout: 15_000,
    description: `${userId} known to portfolio`,
  });
  return { userId, email, authorization };
}

it("answers a resident's question from their location's Q&A with the local model, citing it", async () => {
  const manager = await registered('property_manager');
  const location = await service.call(
    CreatePropertyLocation,
    { name: 'Cedar Street Fourplex', address_text: '618 SE Cedar Street, Portland, OR 97214', type: 'MULTI_UNIT', declared_units_count: 4, is_rental_property: true, metadata: { usage: 'rental' } },
    manager.authorization,
  );
  const building = await service.call(CreateBuilding, { name: '618 SE Cedar Street', property_location_id: location.id, address_text: '618 SE Cedar Street, Portland, OR 97214' }, manager.authorization);
  const unit = await service.call(CreateUnit, { name: 'Unit 2', building_id: building.id }, manager.authorization);
  const question = await service.call(
    CreateQuestion,
    { location_id: location.id, question: 'When is trash collected?', answer: 'Trash and recycling are collected every Thursday morning; put the bins out by 7 AM.' },
    manager.authorization,
  );
  const resident = await registered(null);
  await service.call(CreateTenant, { full_name: 'Maya Chen', unit_id: unit.id, contacts: [{ type: 'email', value: resident.email }] }, manager.authorization);
  await service.call(SetUserPropertyByAddress, { street: '618 SE Cedar St', city: 'Portland', state: 'OR', zip: '97214' }, resident.authorization);
  const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  try {
    await waitFor(async () => ((await db.query(`select 1 from "${service.schema}"."knowledge_item" where source_id = $1`, [question.id])).rowCount ?? 0) > 0, {
      timeout: 60_000,
      description: 'Q&A item in the knowledge copy',
    });
  } finally {
    await db.end();
  }

  const asked = await service.call(SendChatMessage, { text: 'what day is trash picked up?' }, resident.authorization);
  const reply = await waitFor<ChatMessage | undefined>(
    async () => (await service.call(ListChatMessages, { limit: 10 }, resident.authorization)).items.find((item) => item.reply_to === asked.id),
    { timeout: 5 * 60_000, interval: 1_000, description: "Terri's reply" },
  );
  expect(reply).toMatchObject({ role: 'admin', user_id: resident.userId });
  expect(['answered', 'cited-facts']).toContain(reply!.outcome);
  expect(reply!.sources.map((source) => source.id)).toContain(`knowledge:question:${question.id}`);
  expect(reply!.text).toMatch(/thursday/i);
});
