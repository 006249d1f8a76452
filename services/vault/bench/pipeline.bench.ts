import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jest } from '@jest/globals';
import { RegisterUploadedDocument } from '@pm/contracts';
import { waitFor } from '@pm/testing';
import { docxBytes, LEASE_PAGES, pdfBytes, scannedPng } from '../test/support/processing-documents.js';
import { VaultHarness } from '../test/support/vault-harness.js';

jest.setTimeout(3_600_000);

/**
 * Pipeline throughput (`npm run bench:vault-pipeline`): 50 mixed documents (two-page lease PDFs, scanned pages for
 * OCR, Word files for LibreOffice, XML) filed at once into one location of the vault running with its defaults (one
 * document at a time), without the assistant (VAULT_INSIGHTS=off: the model's time is the assistant's own figure).
 * Prints documents per minute and p50/p95 from filing to PROCESSED; nothing is asserted.
 */
const MIX = { pdf: 20, scan: 10, docx: 10, xml: 10 } as const;
const print = (line: string) => process.stdout.write(`${line}\n`);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

it('processes 50 mixed documents', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'vault-pipeline-bench-'));
  const harness = await VaultHarness.start({ env: { VAULT_INSIGHTS: 'off' } });
  try {
    const world = await harness.world();
    const files: { bytes: Buffer; name: string; kind: keyof typeof MIX }[] = [];
    // Each file differs by a line, so none is filed as a duplicate of another.
    for (let i = 0; i < MIX.pdf; i++) files.push({ kind: 'pdf', name: `Lease ${i}.pdf`, bytes: await pdfBytes([LEASE_PAGES[0]!, `${LEASE_PAGES[1]!}\n\nCopy ${i}.`]) });
    for (let i = 0; i < MIX.scan; i++) {
      const bytes = await scannedPng(dir, `NOTICE TO ENTER ${i + 1}. The landlord will enter the premises on December 4, 2026 to repair the kitchen sink.`);
      files.push({ kind: 'scan', name: `Scan ${i}.png`, bytes });
    }
    for (let i = 0; i < MIX.docx; i++) files.push({ kind: 'docx', name: `Inspection ${i}.docx`, bytes: await docxBytes([`Move-in inspection report ${i}.`, 'The smoke detector in the hallway works.']) });
    for (let i = 0; i < MIX.xml; i++) files.push({ kind: 'xml', name: `Invoice ${i}.xml`, bytes: Buffer.from(`<?xml version="1.0"?><invoice><number>INV-${i}</number><item>Gutter cleaning</item></invoice>`) });

    const ids = new Map<string, keyof typeof MIX>();
    for (const { bytes, name, kind } of files) {
      const stored = await harness.storeFile(bytes, name);
      const { documents } = await harness.call(RegisterUploadedDocument, { file: stored, location_ids: [world.locationId] }, world.owner);
      ids.set(documents[0]!.document.id, kind);
    }
    const rows = await waitFor(async () => {
      const result = await harness.db.query<{ id: string; status: string; created_at: Date; processed_at: Date | null }>(
        `select id, status, created_at, processed_at from ${harness.table('document')} where id = any($1::uuid[])`,
        [[...ids.keys()]],
      );
      return result.rows.every((row) => row.status === 'PROCESSED' || row.status === 'FAILED') ? result.rows : undefined;
    }, { timeout: 3_000_000, interval: 1_000, description: 'every document processed' });

    const latency = (list: typeof rows) => list.map((row) => row.processed_at!.getTime() - row.created_at.getTime()).sort((a, b) => a - b);
    const first = Math.min(...rows.map((row) => row.created_at.getTime()));
    const last = Math.max(...rows.map((row) => row.processed_at!.getTime()));
    const all = latency(rows);
    print(`\nvault pipeline: ${rows.length} documents (${Object.entries(MIX).map(([kind, n]) => `${n} ${kind}`).join(', ')}), ${rows.filter((r) => r.status === 'FAILED').length} failed`);
    print(`  throughput: ${((rows.length / (last - first)) * 60_000).toFixed(1)} documents/minute`);
    print(`  filing → PROCESSED: p50 ${(percentile(all, 50) / 1000).toFixed(1)} s, p95 ${(percentile(all, 95) / 1000).toFixed(1)} s`);
    for (const kind of Object.keys(MIX) as (keyof typeof MIX)[]) {
      const own = rows.filter((row) => ids.get(row.id) === kind);
      const times = own.map((row) => row.processed_at!.getTime() - row.created_at.getTime());
      print(`  ${kind}: mean ${(times.reduce((a, b) => a + b, 0) / times.length / 1000).toFixed(1)} s in the queue and processing`);
    }
  } finally {
    await harness.close();
    await rm(dir, { recursive: true, force: true });
  }
});
