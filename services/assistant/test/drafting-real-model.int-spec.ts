import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import type { NatsConnection } from '@nats-io/nats-core';
import { AiRuntime, readAiConfig } from '@pm/ai';
import { QuestionCreated, RuleCreated, type DataOf, type EventContract, type EventOf } from '@pm/contracts';
import { buildEnvelope, connectNats, EventPublisher } from '@pm/messaging';
import { startServiceUnderTest, type ServiceUnderTest } from '@pm/nest-kit/testing';
import { startTestTokenIssuer, waitFor, type TestTokenIssuer } from '@pm/testing';
import pg from 'pg';
import { assistantEnv } from '../src/config/assistant-env.js';
import { DraftsUnavailableError } from '../src/drafting/draft-reply.types.js';
import { fallbackReply } from '../src/drafting/guards/fallback-reply.js';
import { findUnsupportedClaims } from '../src/drafting/guards/grounding-check.js';
import { ReplyDrafter } from '../src/drafting/reply-drafter.js';
import { EmbeddingAnswerJudge } from '../src/drafting/answer-judge/answer-judge.js';
import { EmbeddingUrgencyClassifier } from '../src/drafting/urgency/urgency-classifier.js';
import { assistantService } from '../src/service.js';

jest.setTimeout(10 * 60_000);

/**
 * The drafting pipeline as the service wires it, with the real local model and embeddings, on a location whose
 * knowledge arrived through portfolio's events. Asserts structure, sources and grounding, never the model's wording.
 */
let tokens: TestTokenIssuer;
let service: ServiceUnderTest;
let nc: NatsConnection;
let db: pg.Client;

const where = { locationId: randomUUID(), accountId: `usr_${randomUUID()}`, ownerUserId: `usr_${randomUUID()}` };
const location = { id: where.locationId, name: '88 Juniper Court', timeZone: 'America/Boise' };
const items = {
  trash: { id: randomUUID(), question: 'When is trash and recycling pickup?', answer: 'Trash and recycling are picked up every Thursday morning. Put the carts at the curb by 7 AM on Thursday.' },
  rent: { id: randomUUID(), question: 'When is rent due and is there a late fee?', answer: 'Rent is due on the 1st of each month. A late fee of $50 is charged if rent has not arrived by the 5th.' },
  water: { id: randomUUID(), description: 'A tenant reports a burst pipe, flooding or water pouring in', expectedOutput: 'Tell them to shut off the main water valve in the basement and call the emergency line at 555-0135 right away.' },
};

beforeAll(async () => {
  tokens = await startTestTokenIssuer();
  service = await startServiceUnderTest({
    name: 'assistant',
    envSchema: assistantEnv,
    define: assistantService,
    env: { JWKS_URL: tokens.jwksUrl, JWT_ISSUER: tokens.issuer, JWT_AUDIENCE: tokens.audience },
  });
  nc = await connectNats({ servers: process.env.NATS_URL!, name: `assistant-drafting-test-${service.schema}` });
  db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  const publisher = new EventPublisher(nc);
  const changedAt = '2026-11-24T10:00:00.000Z';
  const publish = async <C extends EventContract>(contract: C, data: DataOf<C>): Promise<string> => {
    const event = buildEnvelope(contract, data, { actor: { kind: 'system', name: 'portfolio' } });
    await publisher.publishEnvelope(contract.subject, event as EventOf<EventContract>);
    return event.id;
  };
  const ids = [
    await publish(QuestionCreated, { ...where, questionId: items.trash.id, question: items.trash.question, answer: items.trash.answer, changedAt }),
    await publish(QuestionCreated, { ...where, questionId: items.rent.id, question: items.rent.question, answer: items.rent.answer, changedAt }),
    await publish(RuleCreated, { ...where, ruleId: items.water.id, description: items.water.description, expectedOutput: items.water.expectedOutput, changedAt }),
  ];
  await waitFor(async () => {
    const result = await db.query(`select 1 from "${service.schema}"."knowledge_item" where stamp = any($1) and embedding is not null`, [ids]);
    return result.rowCount === ids.length;
  }, { timeout: 60_000, description: 'the three items copied with their embeddings' });
});

afterAll(async () => {
  await db?.end();
  await nc?.close();
  await service?.close();
  await tokens?.close();
});

const bodies = new Map<string, string>([
  [items.trash.id, items.trash.answer],
  [items.rent.id, items.rent.answer],
  [items.water.id, items.water.expectedOutput],
]);

it('answers a covered question from the cited item, every fact in the reply grounded in it', async () => {
  const draft = await service.app.get(ReplyDrafter).draftReply({ message: 'wen is trash pickup?? forgot again lol', location });
  expect(['model-reply', 'cited-answer']).toContain(draft.outcome);
  expect(draft.sources.map((source) => source.id)).toContain(items.trash.id);
  expect(draft.sources.every((source) => bodies.has(source.id) && source.score >= 0.45)).toBe(true);
  expect(draft).toMatchObject({ language: 'en', urgent: false, flaggedForManager: false });
  expect(draft.confidence).toBeGreaterThan(0);
  expect(findUnsupportedClaims({ reply: draft.reply, sources: draft.sources.map((source) => bodies.get(source.id)!) })).toEqual([]);
  expect(draft.reply).toMatch(/thursday/i);
});

it('answers a Spanish emergency with the safety step and the emergency line, in Spanish, never the rule\'s text', async () => {
  const draft = await service.app.get(ReplyDrafter).draftReply({ message: 'ayuda hay agua por todas partes, se rompió un tubo en el sótano', location });
  expect(draft).toMatchObject({ language: 'es', urgent: true, intent: 'emergency', flaggedForManager: true, outcome: 'cited-answer' });
  expect(draft.reply).toMatch(/^Si puede hacerlo sin peligro, cierre la llave de paso del agua/);
  expect(draft.reply).toContain('911');
  expect(draft.reply).toContain('555-0135');
  expect(draft.reply).not.toContain('Tell them');
  expect(draft.sources.map((source) => source.id)).toContain(items.water.id);
});

it('says the manager will get back when the knowledge does not cover the question', async () => {
  const draft = await service.app.get(ReplyDrafter).draftReply({ message: 'Can I install a satellite dish on the roof?', location });
  expect(draft).toMatchObject({ outcome: 'not-covered', reply: fallbackReply('en').reply, flaggedForManager: true, sources: [], confidence: 0 });
});

it('refuses to draft, with the runtime\'s reason, when the models are not installed', async () => {
  const missing = new AiRuntime(readAiConfig({ AI_MODELS_DIR: `/tmp/no-models-${randomUUID()}` }));
  const drafter = new ReplyDrafter(missing, () => Promise.reject(new Error('retrieval must not run without models')), new EmbeddingUrgencyClassifier(missing.embeddings), new EmbeddingAnswerJudge(missing.embeddings));
  await expect(drafter.draftReply({ message: 'when is trash day?', location })).rejects.toThrow(DraftsUnavailableError);
  await expect(drafter.draftReply({ message: 'when is trash day?', location })).rejects.toThrow(/unavailable/i);
  await missing.close();
});
