import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import type { NatsConnection } from '@nats-io/nats-core';
import { MikroORM } from '@mikro-orm/postgresql';
import { QuestionCreated, QuestionDeleted, QuestionUpdated, RuleCreated, type DataOf, type EventContract, type EventOf } from '@pm/contracts';
import { buildEnvelope, connectNats, EventPublisher } from '@pm/messaging';
import { startServiceUnderTest, type ServiceUnderTest } from '@pm/nest-kit/testing';
import { startTestTokenIssuer, waitFor, type TestTokenIssuer } from '@pm/testing';
import pg from 'pg';
import { assistantEnv } from '../src/config/assistant-env.js';
import { KnowledgeIndex, RELEVANCE_THRESHOLD } from '../src/retrieval/knowledge-index.js';
import { assistantService } from '../src/service.js';

jest.setTimeout(180_000);

/**
 * Retrieval on real PostgreSQL with the real MiniLM embeddings: portfolio's events reach the consumers, which store
 * each passage's 384 floats beside the generated tsvector; the hybrid search ranks a location's items with their
 * scores and says "not covered" below the threshold; updates and deletes change what is found.
 */
let tokens: TestTokenIssuer;
let service: ServiceUnderTest;
let nc: NatsConnection;
let publisher: EventPublisher;
let db: pg.Client;

beforeAll(async () => {
  tokens = await startTestTokenIssuer();
  service = await startServiceUnderTest({
    name: 'assistant',
    envSchema: assistantEnv,
    define: assistantService,
    env: { JWKS_URL: tokens.jwksUrl, JWT_ISSUER: tokens.issuer, JWT_AUDIENCE: tokens.audience },
  });
  nc = await connectNats({ servers: process.env.NATS_URL!, name: `assistant-retrieval-test-${service.schema}` });
  publisher = new EventPublisher(nc);
  db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
});

afterAll(async () => {
  await db?.end();
  await nc?.close();
  await service?.close();
  await tokens?.close();
});

const envelope = <C extends EventContract>(contract: C, data: DataOf<C>): EventOf<C> => buildEnvelope(contract, data, { actor: { kind: 'system', name: 'portfolio' } });

async function publishAndWait<C extends EventContract>(contract: C, data: DataOf<C>): Promise<void> {
  const event = envelope(contract, data);
  await publisher.publishEnvelope(contract.subject, event as EventOf<EventContract>);
  await waitFor(async () => {
    const result = await db.query(`select 1 from "${service.schema}"."inbox" where event_id = $1`, [event.id]);
    return (result.rowCount ?? 0) > 0;
  }, { timeout: 30_000, description: `event ${event.id} handled` });
}

const search = (locationId: string, query: string) => service.app.get(KnowledgeIndex).search(service.app.get(MikroORM).em.fork(), locationId, query);

it('stores each passage\'s embedding, finds the right item with its scores, and calls an unrelated question not covered', async () => {
  const where = { locationId: randomUUID(), accountId: `usr_${randomUUID()}`, ownerUserId: `usr_${randomUUID()}` };
  const changedAt = '2026-11-24T10:00:00.000Z';
  const trash = randomUUID();
  const rent = randomUUID();
  const pets = randomUUID();
  const gas = randomUUID();
  await publishAndWait(QuestionCreated, { ...where, questionId: trash, question: 'When is trash and recycling pickup?', answer: 'Trash and recycling are picked up every Thursday morning. Put the carts at the curb by 7 AM.', changedAt });
  await publishAndWait(QuestionCreated, { ...where, questionId: rent, question: 'When is rent due and is there a late fee?', answer: 'Rent is due on the 1st of each month. A late fee of $50 is charged after the 5th.', changedAt });
  await publishAndWait(QuestionCreated, { ...where, questionId: pets, question: 'Are pets allowed?', answer: 'Up to two dogs or cats with a $300 deposit and $35 monthly pet rent.', changedAt });
  await publishAndWait(RuleCreated, { ...where, ruleId: gas, description: 'A tenant smells gas', expectedOutput: 'Tell them to leave the house at once and call Intermountain Gas at 555-0100, then 911.', changedAt });

  const stored = await db.query<{ source_id: string; dims: number; norm: number; search: string }>(
    `select source_id, array_length(embedding, 1) as dims, sqrt((select sum(v::float8 * v::float8) from unnest(embedding) v)) as norm, search::text as search
       from "${service.schema}"."knowledge_item" where location_id = $1 order by source_id`,
    [where.locationId],
  );
  expect(stored.rows).toHaveLength(4);
  for (const row of stored.rows) {
    expect(row.dims).toBe(384);
    expect(row.norm).toBeCloseTo(1, 3);
  }
  expect(stored.rows.find((row) => row.source_id === trash)!.search).toContain("'recycl'");

  const wen = await search(where.locationId, 'wen is trash pickup?? forgot again lol');
  expect(wen.hits[0]).toMatchObject({ sourceId: trash, kind: 'question' });
  expect(wen.hits).toHaveLength(3);
  expect(wen.hits[0]!.score).toBeGreaterThan(wen.hits[1]!.score);
  expect(wen.hits[0]!.semantic).toBeGreaterThan(0.3);
  expect(wen.hits[0]!.lexical).toBeGreaterThan(0);
  expect(wen.relevant.map((hit) => hit.sourceId)).toContain(trash);

  expect((await search(where.locationId, 'I smell gas in the kitchen, what do I do')).hits[0]!.sourceId).toBe(gas);
  expect((await search(where.locationId, 'how much is the late fee if I pay rent on the 6th?')).hits[0]!.sourceId).toBe(rent);

  const unrelated = await search(where.locationId, 'Can I install a satellite dish on the roof?');
  expect(unrelated.hits.length).toBeGreaterThan(0);
  expect(unrelated.hits.every((hit) => hit.score < RELEVANCE_THRESHOLD)).toBe(true);
  expect(unrelated.relevant).toEqual([]);
});

it('follows updates and deletes: a changed answer is found by its new words, a deleted item no more', async () => {
  const where = { locationId: randomUUID(), accountId: `usr_${randomUUID()}`, ownerUserId: `usr_${randomUUID()}` };
  const parking = randomUUID();
  const laundry = randomUUID();
  await publishAndWait(QuestionCreated, { ...where, questionId: parking, question: 'Where can I park?', answer: 'Each unit has one numbered space in the back lot.', changedAt: '2026-11-24T10:00:00.000Z' });
  await publishAndWait(QuestionCreated, { ...where, questionId: laundry, question: 'Where is the laundry room?', answer: 'In the basement, open 7 AM to 10 PM.', changedAt: '2026-11-24T10:00:00.000Z' });
  expect((await search(where.locationId, 'is there a bike storage room?')).relevant.map((hit) => hit.sourceId)).not.toContain(parking);

  await publishAndWait(QuestionUpdated, { ...where, questionId: parking, question: 'Where can I park cars and bikes?', answer: 'Each unit has one numbered space in the back lot; bikes go in the locked bike storage room by the back door.', changedAt: '2026-11-24T11:00:00.000Z' });
  const bikes = await search(where.locationId, 'is there a bike storage room?');
  expect(bikes.hits[0]!.sourceId).toBe(parking);
  expect(bikes.relevant.map((hit) => hit.sourceId)).toContain(parking);

  await publishAndWait(QuestionDeleted, { ...where, questionId: parking, changedAt: '2026-11-24T12:00:00.000Z' });
  const afterDelete = await search(where.locationId, 'is there a bike storage room?');
  expect(afterDelete.hits.map((hit) => hit.sourceId)).toEqual([laundry]);
});
