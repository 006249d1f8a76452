import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { GetMessageDraft, ListInboxItems, LocationPhoneNumberAssigned, PropertyLocationCreated, QuestionCreated, RuleCreated, TenantCreated } from '@pm/contracts';
import { connectNats, EventPublisher } from '@pm/messaging';
import { startServiceUnderTest, type ServiceUnderTest } from '@pm/nest-kit/testing';
import { startTestTokenIssuer, waitFor, type TestTokenIssuer } from '@pm/testing';
import type { NatsConnection } from '@nats-io/nats-core';
import { v7 as uuidv7 } from 'uuid';
import { assistantEnv } from '../src/config/assistant-env.js';
import { assistantService } from '../src/service.js';
import { startMessagingProcess, type MessagingProcess } from './support/messaging-process.js';

jest.setTimeout(300_000);

/**
 * The same path as message-drafts.int-spec.ts with the assistant as `npm start` runs it: the local model and MiniLM
 * from the cache. One message, one model call (5-30 s on this machine): the draft's structure and sources, not its words.
 */
let tokens: TestTokenIssuer;
let messaging: MessagingProcess;
let service: ServiceUnderTest;
let nc: NatsConnection;

beforeAll(async () => {
  tokens = await startTestTokenIssuer();
  messaging = await startMessagingProcess(tokens);
  service = await startServiceUnderTest({
    name: 'assistant',
    envSchema: assistantEnv,
    define: assistantService,
    env: { JWKS_URL: tokens.jwksUrl, JWT_ISSUER: tokens.issuer, JWT_AUDIENCE: tokens.audience },
  });
  nc = await connectNats({ servers: process.env.NATS_URL!, name: `drafts-real-test-${service.schema}` });
});

afterAll(async () => {
  await nc?.close();
  await service?.close();
  await messaging?.stop();
  await tokens?.close();
});

it('drafts a tenant\'s SMS with the local model from the location\'s Q&A, citing the item it rests on', async () => {
  const publisher = new EventPublisher(nc);
  const sql = async (query: string, params: unknown[]) => (service.app.get(MikroORM).em.fork() as EntityManager).execute<unknown[]>(query, params);
  const userId = `usr_${randomUUID()}`;
  const owner = await tokens.bearer(userId);
  const locationId = uuidv7();
  const scope = { locationId, accountId: userId, ownerUserId: userId };
  const changedAt = new Date().toISOString();
  await publisher.publish(PropertyLocationCreated, { ...scope, name: 'Elm Court', addressText: '12 Elm Street, Springfield, IL 62701', type: 'MULTI_UNIT', declaredUnitsCount: 6, isRentalProperty: true });
  await publisher.publish(LocationPhoneNumberAssigned, { ...scope, phoneNumber: '+14155557001', provider: 'sandbox' });
  await publisher.publish(TenantCreated, { ...scope, tenantId: uuidv7(), unitId: uuidv7(), buildingId: uuidv7(), fullName: 'Maria Lopez', phoneNumbers: ['+15551257001'], emails: [] });
  const trash = uuidv7();
  await publisher.publish(QuestionCreated, { ...scope, questionId: trash, question: 'When is trash collected?', answer: 'Trash and recycling are collected every Thursday morning; put the bins out by 7 AM.', changedAt });
  await publisher.publish(RuleCreated, { ...scope, ruleId: uuidv7(), description: 'Quiet hours', expectedOutput: 'Quiet hours are from 10 PM to 7 AM every day.', changedAt });
  await waitFor(async () => (await sql(`select 1 from "${messaging.schema}"."location_phone_number" where phone_number = ?`, ['+14155557001'])).length === 1, { timeout: 30_000, description: 'number copied' });
  await waitFor(async () => (await sql(`select 1 from "${messaging.schema}"."access_location" where location_id = ?`, [locationId])).length === 1, { timeout: 30_000, description: 'location granted' });
  await waitFor(async () => (await sql(`select 1 from "${service.schema}"."knowledge_item" where location_id = ? and embedding is not null`, [locationId])).length === 2, { timeout: 90_000, description: 'knowledge embedded' });

  await messaging.sms('+15551257001', '+14155557001', 'hi, which day is trash pickup?');
  let messageId = '';
  await waitFor(async () => {
    const [item] = (await service.call(ListInboxItems, { location_id: locationId }, owner)).items;
    messageId = item?.id ?? '';
    return item?.draft?.status !== undefined && item.draft.status !== 'pending';
  }, { timeout: 240_000, interval: 1_000, description: 'draft settled' });
  const [draft] = (await service.call(GetMessageDraft, { id: messageId }, owner)).versions;
  expect(draft).toMatchObject({ version: 1, origin: 'ai', status: 'ready', language: 'en', urgent: false, failure: null });
  expect(['model-reply', 'cited-answer']).toContain(draft!.outcome);
  expect(draft!.sources.map((source) => source.id)).toContain(trash);
  expect(draft!.reply).toMatch(/thursday/i);
  expect(draft!.confidence).toBeGreaterThan(0);
});
