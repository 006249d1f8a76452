import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import type { NatsConnection } from '@nats-io/nats-core';
import {
  QuestionCreated,
  QuestionDeleted,
  QuestionUpdated,
  RuleCreated,
  RuleDeleted,
  RuleUpdated,
  type DataOf,
  type EventContract,
  type EventOf,
} from '@pm/contracts';
import { buildEnvelope, connectNats, EventPublisher } from '@pm/messaging';
import { startServiceUnderTest, type ServiceUnderTest } from '@pm/nest-kit/testing';
import { startTestTokenIssuer, waitFor, type TestTokenIssuer } from '@pm/testing';
import pg from 'pg';
import { MikroORM } from '@mikro-orm/postgresql';
import { assistantEnv } from '../src/config/assistant-env.js';
import { KnowledgeCopy } from '../src/knowledge/knowledge-copy.js';
import { assistantService } from '../src/service.js';

jest.setTimeout(120_000);

/**
 * Portfolio's knowledge events, published to JetStream as portfolio's outbox relay publishes them, reach the
 * assistant's durable consumers, which keep `knowledge_item` in step: creates, updates and deletes, redeliveries and
 * events of one item arriving out of order (each event type has its own consumer).
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
  nc = await connectNats({ servers: process.env.NATS_URL!, name: `assistant-test-${service.schema}` });
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

interface Row {
  kind: string;
  source_id: string;
  location_id: string;
  title: string;
  body: string;
  text: string;
  updated_at: Date;
  deleted_at: Date | null;
  stamp: string;
}

async function row(kind: 'question' | 'rule', sourceId: string): Promise<Row | undefined> {
  const result = await db.query<Row>(`select * from "${service.schema}"."knowledge_item" where kind = $1 and source_id = $2`, [kind, sourceId]);
  return result.rows[0];
}

/** Waits until the row reflects event `eventId` (the consumers stamp each row with the event it applied). */
function applied(kind: 'question' | 'rule', sourceId: string, eventId: string): Promise<Row> {
  return waitFor(async () => {
    const found = await row(kind, sourceId);
    return found?.stamp === eventId ? found : undefined;
  }, { timeout: 15_000, description: `${kind} ${sourceId} at event ${eventId}` });
}

/** The event, delivered and handled: its inbox row exists (whether or not it changed the copy). */
function handled(eventId: string): Promise<boolean> {
  return waitFor(async () => {
    const result = await db.query(`select 1 from "${service.schema}"."inbox" where event_id = $1`, [eventId]);
    return (result.rowCount ?? 0) > 0;
  }, { timeout: 15_000, description: `event ${eventId} handled` });
}

const envelope = <C extends EventContract>(contract: C, data: DataOf<C>): EventOf<C> =>
  buildEnvelope(contract, data, { actor: { kind: 'system', name: 'portfolio' } });

async function publish(contract: EventContract, event: EventOf<EventContract>): Promise<void> {
  await publisher.publishEnvelope(contract.subject, event);
}

function scope(): { locationId: string; accountId: string; ownerUserId: string } {
  return { locationId: randomUUID(), accountId: `usr_${randomUUID()}`, ownerUserId: `usr_${randomUUID()}` };
}

/** The location's live items as the assistant's readers get them (KnowledgeCopy.live), texts sorted. */
const live = async (locationId: string): Promise<string[]> => {
  const em = service.app.get(MikroORM).em.fork();
  return (await service.app.get(KnowledgeCopy).live(em, locationId)).map((item) => item.text).sort();
};

it('a Q&A item follows its creation, update and deletion', async () => {
  const where = scope();
  const questionId = randomUUID();
  const created = envelope(QuestionCreated, { ...where, questionId, question: 'When is trash day?', answer: 'Tuesday morning, bins out by 7 am.', changedAt: '2026-11-24T10:00:00.000Z' });
  await publish(QuestionCreated, created);
  expect(await applied('question', questionId, created.id)).toMatchObject({
    location_id: where.locationId,
    title: 'When is trash day?',
    body: 'Tuesday morning, bins out by 7 am.',
    text: 'When is trash day?\nTuesday morning, bins out by 7 am.',
    updated_at: new Date('2026-11-24T10:00:00.000Z'),
    deleted_at: null,
  });

  const updated = envelope(QuestionUpdated, { ...where, questionId, question: 'When is trash day?', answer: 'Wednesday morning since December.', changedAt: '2026-11-24T11:00:00.000Z' });
  await publish(QuestionUpdated, updated);
  expect(await applied('question', questionId, updated.id)).toMatchObject({ body: 'Wednesday morning since December.', updated_at: new Date('2026-11-24T11:00:00.000Z') });
  expect(await live(where.locationId)).toEqual(['When is trash day?\nWednesday morning since December.']);

  const deleted = envelope(QuestionDeleted, { ...where, questionId, changedAt: '2026-11-24T12:00:00.000Z' });
  await publish(QuestionDeleted, deleted);
  expect(await applied('question', questionId, deleted.id)).toMatchObject({ text: '', deleted_at: new Date('2026-11-24T12:00:00.000Z') });
  expect(await live(where.locationId)).toEqual([]);
});

it('a rule follows its creation, update and deletion, beside the location\'s other items', async () => {
  const where = scope();
  const ruleId = randomUUID();
  const otherRuleId = randomUUID();
  const created = envelope(RuleCreated, { ...where, ruleId, description: 'A tenant reports a water leak', expectedOutput: 'Treat it as urgent.', changedAt: '2026-11-24T10:00:00.000Z' });
  const other = envelope(RuleCreated, { ...where, ruleId: otherRuleId, description: 'A tenant asks about pets', expectedOutput: 'Cats only.', changedAt: '2026-11-24T10:00:00.000Z' });
  await publish(RuleCreated, created);
  await publish(RuleCreated, other);
  await applied('rule', ruleId, created.id);
  await applied('rule', otherRuleId, other.id);

  const updated = envelope(RuleUpdated, { ...where, ruleId, description: 'A tenant reports a water leak', expectedOutput: 'Treat it as urgent and call the plumber.', changedAt: '2026-11-24T11:00:00.000Z' });
  await publish(RuleUpdated, updated);
  await applied('rule', ruleId, updated.id);
  expect(await live(where.locationId)).toEqual(['A tenant asks about pets\nCats only.', 'A tenant reports a water leak\nTreat it as urgent and call the plumber.']);

  const deleted = envelope(RuleDeleted, { ...where, ruleId, changedAt: '2026-11-24T12:00:00.000Z' });
  await publish(RuleDeleted, deleted);
  await applied('rule', ruleId, deleted.id);
  expect(await live(where.locationId)).toEqual(['A tenant asks about pets\nCats only.']);
});

it('a redelivered event changes nothing: the inbox keeps it from being applied twice', async () => {
  const where = scope();
  const questionId = randomUUID();
  const created = envelope(QuestionCreated, { ...where, questionId, question: 'Parking?', answer: 'Lot B.', changedAt: '2026-11-24T10:00:00.000Z' });
  const updated = envelope(QuestionUpdated, { ...where, questionId, question: 'Parking?', answer: 'Lot C.', changedAt: '2026-11-24T11:00:00.000Z' });
  await publish(QuestionCreated, created);
  await applied('question', questionId, created.id);
  await publish(QuestionUpdated, updated);
  await applied('question', questionId, updated.id);

  // The same event again under another message id (JetStream's duplicate window would drop the same id unseen), as
  // after a relay that crashed between publishing and marking its row: the consumer gets it a second time.
  await publisher.publishRaw(QuestionCreated.subject, new TextEncoder().encode(JSON.stringify(created)), {}, randomUUID());
  const marker = envelope(QuestionCreated, { ...where, questionId: randomUUID(), question: 'Marker', answer: 'After the redelivery.', changedAt: '2026-11-24T10:00:00.000Z' });
  await publish(QuestionCreated, marker);
  await handled(marker.id);
  expect(await row('question', questionId)).toMatchObject({ body: 'Lot C.', stamp: updated.id });
});

it('events of one item arriving out of order: an older update never overwrites a newer one, nor revives a deleted item', async () => {
  const where = scope();
  const questionId = randomUUID();
  const ruleId = randomUUID();
  const first = envelope(QuestionCreated, { ...where, questionId, question: 'Quiet hours?', answer: '10 pm to 7 am.', changedAt: '2026-11-24T10:00:00.000Z' });
  const second = envelope(QuestionUpdated, { ...where, questionId, question: 'Quiet hours?', answer: '11 pm to 7 am.', changedAt: '2026-11-24T11:00:00.000Z' });
  await publish(QuestionUpdated, second);
  await applied('question', questionId, second.id);
  await publish(QuestionCreated, first);
  await handled(first.id);
  expect(await row('question', questionId)).toMatchObject({ body: '11 pm to 7 am.', stamp: second.id });

  const created = envelope(RuleCreated, { ...where, ruleId, description: 'Noise complaint', expectedOutput: 'Remind of quiet hours.', changedAt: '2026-11-24T10:00:00.000Z' });
  const updated = envelope(RuleUpdated, { ...where, ruleId, description: 'Noise complaint', expectedOutput: 'Log it.', changedAt: '2026-11-24T11:00:00.000Z' });
  const deleted = envelope(RuleDeleted, { ...where, ruleId, changedAt: '2026-11-24T12:00:00.000Z' });
  await publish(RuleDeleted, deleted);
  await applied('rule', ruleId, deleted.id);
  await publish(RuleCreated, created);
  await publish(RuleUpdated, updated);
  await handled(created.id);
  await handled(updated.id);
  expect(await row('rule', ruleId)).toMatchObject({ deleted_at: new Date('2026-11-24T12:00:00.000Z'), text: '', stamp: deleted.id });
  expect(await live(where.locationId)).toEqual(['Quiet hours?\n11 pm to 7 am.']);
});
