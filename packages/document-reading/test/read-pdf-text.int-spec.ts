import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractLeaseFacts, needsOcr, readPdfText, UnreadableDocumentError } from '../src/index.js';
import { buildPdf, LEASE_PAGES } from './fixtures/build-pdf.js';

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'read-pdf-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('readPdfText', () => {
  it('reads a two-page lease page by page, and the lease facts come back from the real text layer', async () => {
    const path = join(dir, 'lease.pdf');
    await buildPdf(path, LEASE_PAGES);

    const { pageCount, pages } = await readPdfText(path);

    expect(pageCount).toBe(2);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('Oakwood Property Management');
    expect(pages[1]).toContain('garden shed');
    expect(pages[0]).not.toContain('garden shed');
    expect(needsOcr(pages)).toBe(false);

    const facts = extractLeaseFacts(pages);
    expect(facts.startDate?.value).toBe('2026-04-01');
    expect(facts.endDate?.value).toBe('2027-03-31');
    expect(facts.monthlyRent?.value).toEqual({ amountCents: 165_000, currency: 'USD' });
    expect(facts.securityDeposit?.source.page).toBe(2);
    expect(facts.noticePeriod?.value).toEqual({ amount: 60, unit: 'days' });
    expect(facts.tenants.map((tenant) => tenant.value)).toEqual(['Jordan Rivera']);
    const start = facts.startDate!.source;
    // The span is exact even where the PDF's text layer breaks the line inside the date.
    expect(pages[start.page - 1]!.slice(start.start, start.end)).toBe(facts.startDate!.text);
    expect(facts.startDate!.text.replace(/\s+/g, ' ')).toBe('April 1, 2026');
  });

  it('refuses a password-protected PDF with a clear message', async () => {
    const path = join(dir, 'locked.pdf');
    await buildPdf(path, ['Confidential lease terms.'], { userPassword: 'secret', ownerPassword: 'owner' });

    const error = await readPdfText(path).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(UnreadableDocumentError);
    expect(error).toMatchObject({ reason: 'encrypted', message: 'The PDF is password-protected, so its text cannot be read.' });
  });

  it('refuses a damaged PDF and a file that is not a PDF', async () => {
    const truncated = join(dir, 'truncated.pdf');
    await buildPdf(join(dir, 'whole.pdf'), ['Some text.']);
    const { readFileSync } = await import('node:fs');
    writeFileSync(truncated, readFileSync(join(dir, 'whole.pdf')).subarray(0, 200));
    const notPdf = join(dir, 'not.pdf');
    writeFileSync(notPdf, 'MZ\x90\x00 this is an executable, not a PDF');

    for (const path of [truncated, notPdf]) {
      const error = await readPdfText(path).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(UnreadableDocumentError);
      expect(error).toMatchObject({ reason: 'corrupt', message: 'The PDF is damaged or not a PDF, so its text cannot be read.' });
    }
  });

  it('gives up after its time limit instead of hanging', async () => {
    const path = join(dir, 'long.pdf');
    await buildPdf(path, Array.from({ length: 400 }, (_, index) => `Page ${index + 1}. ${'Lorem ipsum dolor sit amet. '.repeat(80)}`));

    const started = Date.now();
    const error = await readPdfText(path, { timeoutMs: 50 }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(UnreadableDocumentError);
    expect(error).toMatchObject({ reason: 'timeout' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('refuses a file over the size limit before reading it', async () => {
    const path = join(dir, 'lease-again.pdf');
    await buildPdf(path, LEASE_PAGES);
    await expect(readPdfText(path, { maxBytes: 100 })).rejects.toMatchObject({ reason: 'too-large' });
  });
});
