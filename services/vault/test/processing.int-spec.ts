import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jest } from '@jest/globals';
import {
  DOCUMENT_BUSY_DELETING,
  DOCUMENT_REPROCESSING_STARTED,
  DOCUMENT_SUMMARY_NOT_AVAILABLE,
  DocumentInsightsReady,
  DocumentTextExtracted,
  DocumentUploaded,
  GetDocument,
  GetDocumentExtract,
  GetDocumentSummary,
  LEASE_CATEGORY_ID,
  RegisterUploadedDocument,
  ReprocessDocument,
  type DataOf,
  type DocumentStatus,
} from '@pm/contracts';
import { waitFor } from '@pm/testing';
import { descendantsNamed, docxBytes, LEASE_PAGES, pdfBytes, scannedPng, zipBombDocxBytes } from './support/processing-documents.js';
import { VaultHarness, type VaultWorld } from './support/vault-harness.js';

jest.setTimeout(300_000);

/**
 * The processing pipeline on real PostgreSQL, MinIO and NATS, with real files: a two-page lease PDF, a scanned page,
 * a Word file converted by LibreOffice, XML, a corrupt PDF and a zip bomb. The assistant is played by the test: it
 * reads `DocumentTextExtracted` from the outbox and publishes `DocumentInsightsReady` as the assistant would.
 */
let harness: VaultHarness;
let world: VaultWorld;
let dir: string;
const INSIGHTS_TIMEOUT_MS = 8_000;
/** Page text keeps the PDF's line breaks, which fall anywhere in a sentence. */
const flat = (text: string | null | undefined): string => (text ?? '').replace(/\s+/g, ' ');

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vault-processing-test-'));
  harness = await VaultHarness.start({ env: { VAULT_PROCESSING_ATTEMPTS: '2', VAULT_INSIGHTS_TIMEOUT_MS: String(INSIGHTS_TIMEOUT_MS) } });
  world = await harness.world();
});
afterAll(async () => {
  await harness?.close();
  await rm(dir, { recursive: true, force: true });
});

interface DocRow {
  status: DocumentStatus;
  progress: number;
  attempt: number;
  page_count: number | null;
  preview_key: string | null;
  category_id: number | null;
  failure_reason: string | null;
  summary: string | null;
  updated_at: Date;
}

async function file(bytes: Buffer, name: string, categoryId?: number): Promise<string> {
  const stored = await harness.storeFile(bytes, name);
  const { documents } = await harness.call(RegisterUploadedDocument, { file: stored, location_ids: [world.locationId], category_id: categoryId ?? null }, world.owner);
  return documents[0]!.document.id;
}

const documentRow = (id: string) => harness.row<DocRow>(`select * from ${harness.table('document')} where id = $1`, [id]);

const reaches = (id: string, statuses: DocumentStatus[], timeout?: number): Promise<DocRow> => harness.reaches<DocRow>(id, statuses, timeout);

/** Waits until the consumer has handled the event (its inbox row is committed with the handler's changes). */
function handled(consumer: string, eventId: string): Promise<unknown> {
  return waitFor(() => harness.row(`select 1 from ${harness.table('inbox')} where consumer = $1 and event_id = $2`, [consumer, eventId]), {
    timeout: 60_000,
    description: `${consumer} handled ${eventId}`,
  });
}

async function pages(id: string): Promise<{ page_number: number; text: string; ocr: boolean }[]> {
  return (await harness.db.query(`select page_number, text, ocr from ${harness.table('document_page')} where document_id = $1 order by page_number`, [id])).rows;
}

async function statusTrail(id: string): Promise<{ status: string; progress: number }[]> {
  const rows = await harness.db.query<{ status: string; progress: number }>(
    `select envelope->'data'->>'status' as status, (envelope->'data'->>'progress')::int as progress from ${harness.table('outbox')}
      where subject = 'pm.vault.document.status-changed.v1' and envelope->'data'->>'documentId' = $1 order by id`,
    [id],
  );
  return rows.rows;
}

async function textExtracted(id: string): Promise<DataOf<typeof DocumentTextExtracted>[]> {
  const rows = await harness.db.query<{ data: DataOf<typeof DocumentTextExtracted> }>(
    `select envelope->'data' as data from ${harness.table('outbox')} where subject = $1 and envelope->'data'->>'documentId' = $2 order by id`,
    [DocumentTextExtracted.subject, id],
  );
  return rows.rows.map((row) => row.data);
}

describe('a two-page lease PDF', () => {
  let id: string;

  it('is read page by page with the parser facts, their sentences and spans, a provisional Lease category, and handed to the assistant (READY)', async () => {
    id = await file(await pdfBytes(LEASE_PAGES), 'Lease - 48 Birch Lane.pdf');
    const row = await reaches(id, ['READY']);
    expect(row).toMatchObject({ page_count: 2, category_id: LEASE_CATEGORY_ID, progress: 100, preview_key: null });
    const read = await pages(id);
    expect(read.map((p) => p.page_number)).toEqual([1, 2]);
    expect(flat(read[1]!.text)).toContain('garden shed behind the house');
    expect(read.every((p) => !p.ocr)).toBe(true);

    const trail = await statusTrail(id);
    expect(trail[0]).toEqual({ status: 'PROCESSING', progress: 0 });
    expect(trail.filter((t) => t.status === 'PROCESSING').map((t) => t.progress)).toEqual([0, 20, 60, 90]);
    expect(trail.at(-1)).toEqual({ status: 'READY', progress: 100 });

    const { facts } = await harness.call(GetDocumentExtract, { id }, world.owner);
    const start = facts.find((f) => f.field === 'start_date')!;
    expect(start).toMatchObject({ value: { kind: 'date', date: '2026-04-01' }, page: 1, derived: false, source: 'parser' });
    expect(flat(start.sentence)).toContain('commencing on April 1, 2026');
    expect(flat(read[0]!.text.slice(start.span_start!, start.span_end!))).toBe('April 1, 2026');
    expect(facts.find((f) => f.field === 'end_date')).toMatchObject({ value: { kind: 'date', date: '2027-03-31' }, page: 1 });
    expect(facts.find((f) => f.field === 'monthly_rent')).toMatchObject({ value: { kind: 'money', cents: 165_000, currency: 'USD' }, page: 1 });
    const deposit = facts.find((f) => f.field === 'security_deposit')!;
    expect(deposit).toMatchObject({ page: 2, value: { kind: 'money', cents: 165_000, currency: 'USD' } });
    expect(flat(read[1]!.text.slice(deposit.span_start!, deposit.span_end!))).toBe('$1,650.00');

    const [handed] = await textExtracted(id);
    expect(handed).toMatchObject({ documentId: id, attempt: 1, locationId: world.locationId, accountId: world.owner.userId, source: 'upload', truncated: false, chosenCategoryId: null });
    expect(handed!.pages.map((p) => p.page)).toEqual([1, 2]);
    expect(handed!.facts.some((f) => f.field === 'start_date')).toBe(true);
    await expect(harness.failure(harness.call(GetDocumentSummary, { id }, world.owner))).resolves.toEqual({ status: 404, message: DOCUMENT_SUMMARY_NOT_AVAILABLE });
  });

  it("stores the assistant's insights (category from the fixed list, summary, the model's facts) and finishes PROCESSED", async () => {
    await harness.publish(DocumentInsightsReady, {
      documentId: id,
      attempt: 1,
      categoryId: LEASE_CATEGORY_ID,
      summary: 'A 12-month lease of 48 Birch Lane, Unit 2 to Jordan Rivera from April 1, 2026 at $1,650 a month.',
      locationId: world.locationId,
      accountId: world.owner.userId,
      summaryPages: [1],
      note: null,
      facts: [{ field: 'notice_period_days', value: { kind: 'number', value: 60 }, page: 2, sentence: "Either party may terminate this lease at the end of the term with sixty (60) days' written notice.", span_start: 69, span_end: 81, derived: false, source: 'model' }],
      outcome: 'model',
    });
    const row = await reaches(id, ['PROCESSED'], 30_000);
    expect(row.category_id).toBe(LEASE_CATEGORY_ID);
    expect(await harness.call(GetDocumentSummary, { id }, world.owner)).toEqual({
      document_id: id,
      summary: 'A 12-month lease of 48 Birch Lane, Unit 2 to Jordan Rivera from April 1, 2026 at $1,650 a month.',
      outcome: 'model',
    });
    const { status, facts } = await harness.call(GetDocumentExtract, { id }, world.owner);
    expect(status).toBe('PROCESSED');
    expect(facts.filter((f) => f.source === 'model')).toEqual([expect.objectContaining({ field: 'notice_period_days', value: { kind: 'number', value: 60 }, page: 2 })]);
    expect(facts.some((f) => f.source === 'parser' && f.field === 'start_date')).toBe(true);
  });

  it('ignores a redelivered old DocumentUploaded and insights for an old attempt', async () => {
    const before = (await documentRow(id))!;
    const original = (await harness.db.query<{ data: DataOf<typeof DocumentUploaded> }>(
      `select envelope->'data' as data from ${harness.table('outbox')} where subject = $1 and envelope->'data'->>'documentId' = $2`,
      [DocumentUploaded.subject, id],
    )).rows[0]!.data;
    await harness.publish(DocumentUploaded, original);
    await harness.publish(DocumentInsightsReady, { documentId: id, attempt: 1, locationId: world.locationId, accountId: world.owner.userId, categoryId: 4, summary: 'An invoice.', summaryPages: [1], facts: [], outcome: 'fallback', note: null });
    // A marker document filed after them is processed by the same consumer, so the old event has been handled by then.
    const marker = await file(Buffer.from('<?xml version="1.0"?><note>marker</note>'), 'marker.xml');
    await reaches(marker, ['READY', 'PROCESSED']);
    const after = (await documentRow(id))!;
    expect(after).toMatchObject({ status: 'PROCESSED', attempt: 1, category_id: LEASE_CATEGORY_ID, summary: before.summary });
    expect(after.updated_at).toEqual(before.updated_at);
    expect(await textExtracted(id)).toHaveLength(1);
  });

  it('reprocesses on demand: attempt 2 reads it anew and replaces its pages and facts; the summary of attempt 1 goes', async () => {
    const answer = await harness.call(ReprocessDocument, { id }, world.owner);
    expect(answer).toMatchObject({ message: DOCUMENT_REPROCESSING_STARTED, document: { id, status: 'PROCESSING', progress: 0 } });
    const row = await reaches(id, ['READY']);
    expect(row).toMatchObject({ attempt: 2, page_count: 2, summary: null });
    expect(await pages(id)).toHaveLength(2);
    const { facts } = await harness.call(GetDocumentExtract, { id }, world.owner);
    expect(facts.filter((f) => f.field === 'start_date')).toHaveLength(1);
    expect(facts.some((f) => f.source === 'model')).toBe(false);
    expect((await textExtracted(id)).map((e) => e.attempt)).toEqual([1, 2]);
    // The assistant's late answer to attempt 1 does not finish attempt 2.
    const late = await harness.publish(DocumentInsightsReady, { documentId: id, attempt: 1, locationId: world.locationId, accountId: world.owner.userId, categoryId: 4, summary: 'Stale.', summaryPages: [1], facts: [], outcome: 'model', note: null });
    await handled('vault.document-insights-ready', late);
    // READY, or PROCESSED without insights if the insights timeout passed meanwhile: either way without attempt 1's answer.
    expect(await documentRow(id)).toMatchObject({ status: expect.stringMatching(/^(READY|PROCESSED)$/), attempt: 2, summary: null, category_id: LEASE_CATEGORY_ID });
    await expect(harness.outcome(harness.call(ReprocessDocument, { id }, world.partners.VIEWER))).resolves.toBe(403);
  });
});

describe('other kinds of file', () => {
  it('converts a Word file to a PDF preview in MinIO, reads its text, and finishes without insights once they are overdue', async () => {
    const id = await file(await docxBytes(['Move-in inspection report for 48 Birch Lane, Unit 2.', 'The smoke detector in the hallway was tested and works.']), 'Inspection.docx');
    const ready = await reaches(id, ['READY', 'PROCESSED'], 180_000);
    expect(ready.preview_key).toMatch(/^vault\/previews\/[0-9a-f-]{36}$/);
    expect(await harness.objectExists(ready.preview_key!)).toBe(true);
    const read = await pages(id);
    expect(flat(read[0]!.text)).toContain('smoke detector in the hallway');
    const document = await harness.call(GetDocument, { id }, world.owner);
    expect(document.metadata.has_preview_pdf).toBe(true);
    // No assistant answers: it still ends PROCESSED, with no summary.
    const done = await reaches(id, ['PROCESSED'], INSIGHTS_TIMEOUT_MS + 30_000);
    expect(done.summary).toBeNull();
    await expect(harness.failure(harness.call(GetDocumentSummary, { id }, world.owner))).resolves.toEqual({ status: 404, message: DOCUMENT_SUMMARY_NOT_AVAILABLE });
  });

  it('reads a scanned page (an image) with OCR', async () => {
    const id = await file(await scannedPng(dir, 'NOTICE TO ENTER. The landlord will enter the premises on December 4, 2026 to repair the kitchen sink.'), 'scan.png');
    await reaches(id, ['READY', 'PROCESSED'], 180_000);
    const [page] = await pages(id);
    expect(page!.ocr).toBe(true);
    expect(flat(page!.text)).toMatch(/repair the kitchen sink/i);
    const { facts } = await harness.call(GetDocumentExtract, { id }, world.owner);
    expect(facts).toContainEqual(expect.objectContaining({ field: 'date', value: { kind: 'date', date: '2026-12-04' }, page: 1 }));
  });

  it('reads the text content of an XML file', async () => {
    const id = await file(Buffer.from('<?xml version="1.0"?><invoice><number>INV-2041</number><!-- internal --><item>Gutter cleaning &amp; repair</item></invoice>'), 'invoice.xml');
    await reaches(id, ['READY', 'PROCESSED']);
    const [page] = await pages(id);
    expect(page!.text).toContain('INV-2041');
    expect(page!.text).toContain('Gutter cleaning & repair');
    expect(page!.text).not.toContain('internal');
  });
});

describe('documents being deleted', () => {
  it('skips a DocumentUploaded of a document being deleted, and refuses to reprocess it', async () => {
    const id = await file(Buffer.from('<?xml version="1.0"?><note>to be deleted</note>'), 'deleted.xml');
    await reaches(id, ['READY', 'PROCESSED']);
    await harness.db.query(`update ${harness.table('document')} set status = 'DELETING', attempt = attempt + 1 where id = $1`, [id]);
    const uploaded = (await harness.db.query<{ data: DataOf<typeof DocumentUploaded> }>(
      `select envelope->'data' as data from ${harness.table('outbox')} where subject = $1 and envelope->'data'->>'documentId' = $2`,
      [DocumentUploaded.subject, id],
    )).rows[0]!.data;
    const eventId = await harness.publish(DocumentUploaded, { ...uploaded, attempt: 2 });
    await handled('vault.document-uploaded', eventId);
    expect(await documentRow(id)).toMatchObject({ status: 'DELETING', attempt: 2 });
    await expect(harness.failure(harness.call(ReprocessDocument, { id }, world.owner))).resolves.toEqual({ status: 409, message: DOCUMENT_BUSY_DELETING });
  });
});

describe('files that cannot be read', () => {
  it("fails a document whose file is missing from storage, saying so", async () => {
    const stored = await harness.storeFile(await pdfBytes([`Parking rules ${Date.now()}.`]), 'parking.pdf');
    await harness.store.remove(stored.key);
    const { documents } = await harness.call(RegisterUploadedDocument, { file: stored, location_ids: [world.locationId] }, world.owner);
    const row = await reaches(documents[0]!.document.id, ['FAILED'], 60_000);
    expect(row.failure_reason).toBe("The document's file is missing from storage.");
  });

  it('fails a zip bomb disguised as .docx at once, without retrying, and keeps serving', async () => {
    const started = Date.now();
    const id = await file(await zipBombDocxBytes(300 * 1024 * 1024), 'Lease.docx');
    const row = await reaches(id, ['FAILED'], 60_000);
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(row.failure_reason).toMatch(/\S/);
    expect(row.failure_reason).not.toMatch(/after \d attempts/);
    expect(await descendantsNamed('soffice')).toEqual([]);
    expect(await harness.call(GetDocument, { id }, world.owner)).toMatchObject({ status: 'FAILED', metadata: { failure_reason: row.failure_reason } });
  });

  it('fails a corrupt PDF with a reason', async () => {
    const id = await file(Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >>\nthis is not a pdf body\n'), 'damaged.pdf');
    const row = await reaches(id, ['FAILED'], 60_000);
    expect(row.failure_reason).toMatch(/\S/);
  });

  it('retries a conversion killed mid-way, then fails it visibly after VAULT_PROCESSING_ATTEMPTS', async () => {
    const id = await file(await docxBytes(['Pet addendum to the lease of 48 Birch Lane.', `Reference ${Date.now()}.`]), 'Pet addendum.docx');
    const killed = new Set<number>();
    const killer = setInterval(() => {
      void descendantsNamed('soffice').then((pids) => {
        for (const pid of pids) {
          try {
            process.kill(pid, 'SIGKILL');
            killed.add(pid);
          } catch {
            // Already gone.
          }
        }
      });
    }, 100);
    try {
      const row = await reaches(id, ['FAILED'], 180_000);
      expect(row.failure_reason).toMatch(/^Processing failed after 2 attempts: /);
      expect(row.failure_reason).toMatch(/stopped unexpectedly|could not convert|could not read/);
    } finally {
      clearInterval(killer);
    }
    expect(killed.size).toBeGreaterThanOrEqual(2);
    expect(await harness.call(GetDocument, { id }, world.owner)).toMatchObject({ status: 'FAILED' });
  });
});
