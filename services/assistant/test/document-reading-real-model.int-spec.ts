import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import { DocumentInsightsReady, DocumentTextExtracted, LEASE_CATEGORY_ID, type DataOf, type DocumentFact } from '@pm/contracts';
import { extractLeaseFacts, listLeaseFacts } from '@pm/document-reading/facts';
import { buildEnvelope, connectNats, EventPublisher } from '@pm/messaging';
import { startServiceUnderTest, type ServiceUnderTest } from '@pm/nest-kit/testing';
import { startTestTokenIssuer, waitFor, type TestTokenIssuer } from '@pm/testing';
import type { NatsConnection } from '@nats-io/nats-core';
import pg from 'pg';
import { assistantEnv } from '../src/config/assistant-env.js';
import { findUnsupportedClaims } from '../src/drafting/guards/grounding-check.js';
import { assistantService } from '../src/service.js';

jest.setTimeout(15 * 60_000);

/**
 * The vault's DocumentTextExtracted read by the real local model, as the service wires it: a two-page lease whose
 * parser facts leave out the rent and the deposit (the model must point at their sentences). Asserts what the code
 * guarantees whatever the model says, never its wording: a category of the fixed list (Lease here), a summary whose
 * every fact the pages state, and facts whose sentence and span are on the page they name.
 */
let tokens: TestTokenIssuer;
let service: ServiceUnderTest;
let nc: NatsConnection;
let db: pg.Client;

const pages = [
  'RESIDENTIAL LEASE AGREEMENT\nThis Residential Lease Agreement is entered into on February 10, 2026 between Harbor View Rentals LLC ("Landlord") and Priya Natarajan ("Tenant"). ' +
    'Landlord leases to Tenant the premises at 48 Harbor View Road, Apartment 3C, Portland, ME 04101 for use as a private residence only.',
  'The term of this Lease begins on March 1, 2026 and ends on February 28, 2027. Tenant shall pay Landlord the sum of $2,150.00 per month as rent. ' +
    'Upon signing, Tenant shall deposit $2,150.00 with Landlord as a security deposit. Either party may terminate this Lease at the end of the term by giving sixty (60) days written notice.',
];

beforeAll(async () => {
  tokens = await startTestTokenIssuer();
  service = await startServiceUnderTest({ name: 'assistant', envSchema: assistantEnv, define: assistantService, env: { JWKS_URL: tokens.jwksUrl, JWT_ISSUER: tokens.issuer, JWT_AUDIENCE: tokens.audience } });
  nc = await connectNats({ servers: process.env.NATS_URL!, name: `document-reading-real-model-${service.schema}` });
  db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
});

afterAll(async () => {
  await db?.end();
  await nc?.close();
  await service?.close();
  await tokens?.close();
});

it('files a lease as a Lease, summarises it only with what its pages say, and finds the missing rent and deposit in their sentences', async () => {
  const documentId = randomUUID();
  const parsed: DocumentFact[] = listLeaseFacts(extractLeaseFacts(pages))
    .filter((fact) => fact.field !== 'monthly_rent' && fact.field !== 'security_deposit')
    .map((fact) => ({ field: fact.field, value: fact.value, page: fact.source.page, sentence: fact.source.sentence, span_start: fact.source.start, span_end: fact.source.end, derived: fact.derived, source: 'parser' }));
  const data: DataOf<typeof DocumentTextExtracted> = {
    documentId,
    attempt: 1,
    locationId: randomUUID(),
    accountId: `usr_${randomUUID()}`,
    fileName: 'Lease 3C signed.pdf',
    pages: pages.map((text, index) => ({ page: index + 1, text })),
    truncated: false,
    chosenCategoryId: null,
    suggestedCategoryId: LEASE_CATEGORY_ID,
    facts: parsed,
  };
  await new EventPublisher(nc).publishEnvelope(DocumentTextExtracted.subject, buildEnvelope(DocumentTextExtracted, data, { actor: { kind: 'system', name: 'vault' } }));
  const insights = await waitFor(
    async () =>
      (
        await db.query<{ envelope: { data: DataOf<typeof DocumentInsightsReady> } }>(
          `select envelope from "${service.schema}"."outbox" where subject = $1 and envelope->'data'->>'documentId' = $2`,
          [DocumentInsightsReady.subject, documentId],
        )
      ).rows[0]?.envelope.data,
    { timeout: 12 * 60_000, interval: 1_000, description: 'the lease read' },
  );

  expect(insights.categoryId).toBe(LEASE_CATEGORY_ID);
  if (insights.summary !== null) expect(findUnsupportedClaims({ reply: insights.summary, sources: pages })).toEqual([]);
  for (const fact of insights.facts) {
    const page = pages[fact.page - 1]!;
    expect(page).toContain(fact.sentence);
    expect(fact.span_start).toBeGreaterThanOrEqual(page.indexOf(fact.sentence));
    expect(fact.span_end).toBeLessThanOrEqual(page.indexOf(fact.sentence) + fact.sentence.length);
    expect(fact.source).toBe('model');
  }
  const money = Object.fromEntries(insights.facts.filter((fact) => fact.value.kind === 'money').map((fact) => [fact.field, fact.value]));
  // Whatever the model found of them is what the page says; a model that found nothing adds nothing.
  for (const value of Object.values(money)) expect(value).toEqual({ kind: 'money', cents: 215_000, currency: 'USD' });
  console.warn(`document reading with the local model: outcome ${insights.outcome}, ${insights.facts.length} facts found by the model, note: ${insights.note ?? 'none'}`);
});
