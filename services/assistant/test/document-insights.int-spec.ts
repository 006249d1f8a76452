import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import { Global, Module } from '@nestjs/common';
import type { BaseMessage } from '@langchain/core/messages';
import { AiRuntime, type AiStatus } from '@pm/ai';
import { DocumentInsightsReady, DocumentTextExtracted, type DataOf } from '@pm/contracts';
import { buildEnvelope, connectNats, EventPublisher } from '@pm/messaging';
import { startServiceUnderTest, type ServiceUnderTest } from '@pm/nest-kit/testing';
import { startTestTokenIssuer, waitFor, type TestTokenIssuer } from '@pm/testing';
import type { NatsConnection } from '@nats-io/nats-core';
import pg from 'pg';
import type { z } from 'zod';
import { AiModule } from '../src/ai/ai.module.js';
import { assistantEnv } from '../src/config/assistant-env.js';
import { assistantService } from '../src/service.js';

jest.setTimeout(120_000);

/**
 * The vault's DocumentTextExtracted in, the assistant's DocumentInsightsReady out, on real PostgreSQL and NATS, with a
 * scripted model (the real one: document-reading-real-model.int-spec.ts): the text is kept for the document chat, the
 * answer is recorded once per attempt, an older attempt arriving after a newer one is not read at all, a person's
 * upload is read at once, even while an import is being read and others are queued ahead of it, and a reading that does not finish in time is answered with
 * the fallback (its time counted from its start, not its wait in the queue); a page with a NUL is read, not refused.
 */
let tokens: TestTokenIssuer;
let service: ServiceUnderTest;
let nc: NatsConnection;
let db: pg.Client;
const asked: string[] = [];
/** The documents' tags (`doc:<tag>` in their text) in the order the model was first asked about them. */
const readOrder: string[] = [];
/** A reading's time limit in this test (the service's DOCUMENT_READ_TIMEOUT_MS). */
const READ_TIMEOUT_MS = 3_000;

/** While set, every reading throws at its start (as a bug in the reader would), not a model failure it falls back from. */
let readerBroken = false;

const runtime = {
  status: (): { chat: AiStatus; embeddings: AiStatus } => {
    if (readerBroken) throw new TypeError('a reading that throws');
    return { chat: { available: true, provider: 'scripted' }, embeddings: { available: true, provider: 'scripted' } };
  },
  async invokeStructured<S extends z.ZodType<Record<string, unknown>>>(messages: BaseMessage[], schema: S, options: { signal?: AbortSignal } = {}): Promise<z.infer<S>> {
    const system = messages[0]!.text;
    asked.push(system.slice(0, 20));
    const tag = /doc:([\w-]+)/.exec(messages.map((message) => message.text).join('\n'))?.[1];
    if (tag && !readOrder.includes(tag)) readOrder.push(tag);
    // A document the model never finishes: it answers only when its reader gives up on it.
    if (tag?.startsWith('stuck')) {
      await new Promise((resolve) => options.signal?.addEventListener('abort', resolve, { once: true }));
      throw new Error('aborted');
    }
    if (system.startsWith('You file documents')) return schema.parse({ categoryId: '3', phrase: 'move-in inspection of the unit' });
    if (system.startsWith('Summarise')) return schema.parse({ sentences: [{ text: 'The move-in inspection of Unit 2B found a scratched kitchen counter.', page: '1' }] });
    return schema.parse({ facts: [] });
  },
  close: async () => undefined,
};

beforeAll(async () => {
  tokens = await startTestTokenIssuer();
  @Global()
  @Module({ providers: [{ provide: AiRuntime, useValue: runtime }], exports: [AiRuntime] })
  class ScriptedAiModule {}
  service = await startServiceUnderTest({
    name: 'assistant',
    envSchema: assistantEnv,
    define: (config) => {
      const definition = assistantService(config);
      return { ...definition, features: definition.features.map((feature) => (feature === AiModule ? ScriptedAiModule : feature)) };
    },
    env: { JWKS_URL: tokens.jwksUrl, JWT_ISSUER: tokens.issuer, JWT_AUDIENCE: tokens.audience, DOCUMENT_READ_TIMEOUT_MS: String(READ_TIMEOUT_MS) },
  });
  nc = await connectNats({ servers: process.env.NATS_URL!, name: `document-insights-test-${service.schema}` });
  db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
});

afterAll(async () => {
  await db?.end();
  await nc?.close();
  await service?.close();
  await tokens?.close();
});

function extracted(documentId: string, attempt: number, text: string, source: DataOf<typeof DocumentTextExtracted>['source'] = 'upload'): DataOf<typeof DocumentTextExtracted> {
  return {
    documentId,
    attempt,
    locationId: randomUUID(),
    accountId: `usr_${randomUUID()}`,
    fileName: 'Inspection 2B.pdf',
    source,
    pages: [{ page: 1, text }],
    truncated: false,
    chosenCategoryId: null,
    suggestedCategoryId: 1,
    facts: [],
  };
}

async function publish(data: DataOf<typeof DocumentTextExtracted>): Promise<string> {
  const envelope = buildEnvelope(DocumentTextExtracted, data, { actor: { kind: 'system', name: 'vault' } });
  await new EventPublisher(nc).publishEnvelope(DocumentTextExtracted.subject, envelope);
  return envelope.id;
}

async function insightsOf(documentId: string): Promise<DataOf<typeof DocumentInsightsReady>[]> {
  const rows = await db.query<{ envelope: { data: DataOf<typeof DocumentInsightsReady> } }>(
    `select envelope from "${service.schema}"."outbox" where subject = $1 and envelope->'data'->>'documentId' = $2 order by created_at`,
    [DocumentInsightsReady.subject, documentId],
  );
  return rows.rows.map((row) => row.envelope.data);
}

it('reads the document once per attempt, keeps its text, and answers with a category and a grounded summary', async () => {
  const documentId = randomUUID();
  const text = 'Report of the move-in inspection of the unit 2B at 12 Elm Street. The kitchen counter is scratched. All windows open and lock.';
  await publish(extracted(documentId, 1, text));
  const [insights] = await waitFor(async () => ((await insightsOf(documentId)).length ? insightsOf(documentId) : undefined), { timeout: 30_000, description: 'insights recorded' });
  expect(insights).toMatchObject({ documentId, attempt: 1, categoryId: 3, outcome: 'model', summaryPages: [1], facts: [] });
  // "Unit 2B" and "kitchen counter" are in the page; the summary's one claim-bearing token, 2B, is grounded.
  expect(insights!.summary).toBe('The move-in inspection of Unit 2B found a scratched kitchen counter.');
  const copy = await db.query(`select p.page_number, p.text from "${service.schema}"."document_text_page" p where p.document_id = $1`, [documentId]);
  expect(copy.rows).toEqual([{ page_number: 1, text }]);
});

it('reads a page whose damaged text layer holds a NUL (PostgreSQL text refuses it): kept with a space in its place, and answered', async () => {
  const documentId = randomUUID();
  const text = 'Report of the move-in inspection of the unit 2B\u0000 at 12 Elm Street. The kitchen counter is scratched.';
  await publish(extracted(documentId, 1, text));
  await waitFor(async () => ((await insightsOf(documentId)).length ? true : undefined), { timeout: 30_000, description: 'insights recorded' });
  const copy = await db.query(`select p.text from "${service.schema}"."document_text_page" p where p.document_id = $1`, [documentId]);
  expect(copy.rows).toEqual([{ text: text.replace('\u0000', ' ') }]);
});

it('ignores an older attempt that arrives after a newer one: the copy and the answers stay the newer one\'s', async () => {
  const documentId = randomUUID();
  await publish(extracted(documentId, 2, 'Report of the move-in inspection of the unit 2B. Second reading.'));
  await waitFor(async () => ((await insightsOf(documentId)).length === 1 ? true : undefined), { timeout: 30_000, description: 'attempt 2 read' });
  const before = asked.length;
  const older = await publish(extracted(documentId, 1, 'Report of the move-in inspection of the unit 2B. First reading.'));
  // The consumer has handled the older event when its inbox row exists.
  await waitFor(async () => ((await db.query(`select 1 from "${service.schema}"."inbox" where event_id = $1`, [older])).rowCount ? true : undefined), {
    timeout: 30_000,
    description: 'older attempt handled',
  });
  expect(asked.length).toBe(before);
  expect((await insightsOf(documentId)).map((i) => i.attempt)).toEqual([2]);
  const copy = await db.query(`select attempt from "${service.schema}"."document_text" where document_id = $1`, [documentId]);
  expect(copy.rows).toEqual([{ attempt: 2 }]);
});

const textOf = (tag: string) => `Report of the move-in inspection of the unit 2B, doc:${tag}. The kitchen counter is scratched.`;

it('reads an upload while an import is being read, before the imports and e-mail attachments queued ahead of it; a stuck reading gets the fallback in time', async () => {
  const run = randomUUID().slice(0, 8);
  const ids = { stuck: randomUUID(), imported: randomUUID(), emailed: randomUUID(), uploaded: randomUUID() };
  // The stuck import holds the model; the others queue behind it, the upload last.
  await publish(extracted(ids.stuck, 1, textOf(`stuck-${run}`), 'cloud_drive'));
  await waitFor(async () => (readOrder.includes(`stuck-${run}`) ? true : undefined), { timeout: 30_000, description: 'the stuck import being read' });
  await publish(extracted(ids.imported, 1, textOf(`imported-${run}`), 'cloud_drive'));
  await publish(extracted(ids.emailed, 1, textOf(`emailed-${run}`), 'email'));
  await publish(extracted(ids.uploaded, 1, textOf(`uploaded-${run}`), 'upload'));
  // The upload has its own reader: it is read while the import is still stuck, not after it.
  await waitFor(async () => ((await insightsOf(ids.uploaded)).length ? true : undefined), { timeout: 30_000, description: 'the upload read' });
  expect(await insightsOf(ids.stuck)).toEqual([]);
  await waitFor(async () => ((await insightsOf(ids.emailed)).length ? true : undefined), { timeout: 60_000, description: 'the queue read' });

  expect(readOrder.filter((tag) => tag.endsWith(run))).toEqual([`stuck-${run}`, `uploaded-${run}`, `imported-${run}`, `emailed-${run}`]);
  const [stuck] = await insightsOf(ids.stuck);
  expect(stuck).toMatchObject({ outcome: 'fallback', categoryId: 1, note: 'The AI did not finish reading within 3 seconds.', summaryPages: [1] });
  expect(stuck!.summary).toContain('Report of the move-in inspection');
  // The others waited in the queue for longer than a reading may take, and were still read by the model.
  for (const id of [ids.uploaded, ids.imported, ids.emailed]) expect(await insightsOf(id)).toEqual([expect.objectContaining({ outcome: 'model', attempt: 1 })]);
});

it('drops the answer to an attempt replaced while it was being read, and reads the new attempt', async () => {
  const run = randomUUID().slice(0, 8);
  const documentId = randomUUID();
  await publish(extracted(documentId, 1, textOf(`stuck-${run}`)));
  await waitFor(async () => (readOrder.includes(`stuck-${run}`) ? true : undefined), { timeout: 30_000, description: 'attempt 1 being read' });
  await publish(extracted(documentId, 2, textOf(`reprocessed-${run}`)));
  await waitFor(async () => ((await insightsOf(documentId)).length ? true : undefined), { timeout: 60_000, description: 'attempt 2 read' });
  // Attempt 1's reading ran out its time after attempt 2 arrived (one reader: before attempt 2 was read): no fallback sent.
  expect((await insightsOf(documentId)).map((insights) => [insights.attempt, insights.outcome])).toEqual([[2, 'model']]);
  const queued = await db.query(`select attempt, reading_lane from "${service.schema}"."document_text" where document_id = $1`, [documentId]);
  expect(queued.rows).toEqual([{ attempt: 2, reading_lane: null }]);
});

it('answers a reading that keeps throwing with the fallback after three tries, instead of trying it for ever', async () => {
  const documentId = randomUUID();
  readerBroken = true;
  try {
    await publish(extracted(documentId, 1, textOf(`broken-${randomUUID().slice(0, 8)}`)));
    const [insights] = await waitFor(async () => ((await insightsOf(documentId)).length ? insightsOf(documentId) : undefined), { timeout: 30_000, description: 'the fallback sent' });
    expect(insights).toMatchObject({ outcome: 'fallback', categoryId: 1, note: 'The AI failed to read this document 3 times; reprocess it to try again.' });
    const queued = await db.query(`select reading_lane, reading_failures from "${service.schema}"."document_text" where document_id = $1`, [documentId]);
    expect(queued.rows).toEqual([{ reading_lane: null, reading_failures: 3 }]);
  } finally {
    readerBroken = false;
  }
});
