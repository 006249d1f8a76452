import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile, execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { extractDates, needsOcr, OcrReader, pagesNeedingOcr, readPdfText, UnreadableDocumentError } from '../src/index.js';
import { buildImagePdf, buildPdf } from './fixtures/build-pdf.js';

const OCR_MS = 120_000;
const NOTICE = [
  'NOTICE OF RENT INCREASE',
  '',
  'Dear Jordan Rivera,',
  '',
  'Your monthly rent at 48 Birch Lane will increase to $1,725.00 starting June 1, 2026. Please contact the office with any questions.',
].join('\n');

let dir: string;
let scan: string;
const reader = new OcrReader();

/** A "scanned" page: the notice printed to PDF, then rendered to a PNG at 200 dpi as a scanner would deliver it. */
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ocr-'));
  await buildPdf(join(dir, 'notice.pdf'), [NOTICE], { margin: 72 });
  execFileSync('pdftoppm', ['-r', '200', '-png', '-singlefile', join(dir, 'notice.pdf'), join(dir, 'scan')]);
  scan = join(dir, 'scan.png');
}, OCR_MS);
afterAll(async () => {
  await reader.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('OcrReader', () => {
  it(
    'reads a scanned page image with the bundled English data',
    async () => {
      const { text, confidence } = await reader.ocrImage(scan);

      expect(text).toContain('NOTICE OF RENT INCREASE');
      expect(text).toContain('48 Birch Lane');
      expect(text).toMatch(/\$1,725\.00/);
      expect(extractDates([text]).map((found) => found.date)).toEqual(['2026-06-01']);
      expect(confidence).toBeGreaterThan(70);
    },
    OCR_MS,
  );

  it(
    'finds a scanned PDF has no text layer, and reads its pages by rendering them with pdftoppm',
    async () => {
      const scannedPdf = join(dir, 'scanned.pdf');
      await buildImagePdf(scannedPdf, [scan, scan]);
      const { pages } = await readPdfText(scannedPdf);
      expect(needsOcr(pages)).toBe(true);
      expect(pagesNeedingOcr(pages)).toEqual([1, 2]);
      const work = join(dir, 'work');
      mkdirSync(work);

      const ocr = await reader.ocrPdf(scannedPdf, { maxPages: 1, workDir: work });

      expect(ocr.map((page) => page.page)).toEqual([1]);
      expect(ocr[0]!.text).toContain('Your monthly rent at 48 Birch Lane will increase');
      // The page images are the library's to remove.
      expect(readdirSync(work)).toEqual([]);

      const second = await reader.ocrPdf(scannedPdf, { pages: [2, 9], maxPages: 5, workDir: work });
      expect(second.map((page) => page.page)).toEqual([2]);
      expect(second[0]!.text).toContain('NOTICE OF RENT INCREASE');
    },
    OCR_MS,
  );

  it(
    'queues concurrent calls on its one worker and answers each',
    async () => {
      const copy = join(dir, 'scan-copy.png');
      copyFileSync(scan, copy);
      const results = await Promise.all([reader.ocrImage(scan), reader.ocrImage(copy)]);
      for (const result of results) expect(result.text).toContain('Birch Lane');
    },
    OCR_MS,
  );

  it('refuses a file that is not an image with a clear error, and keeps working afterwards', async () => {
    const bogus = join(dir, 'bogus.png');
    writeFileSync(bogus, 'this is not an image at all');
    await expect(reader.ocrImage(bogus)).rejects.toBeInstanceOf(UnreadableDocumentError);
    await expect(reader.ocrImage(bogus)).rejects.toMatchObject({
      message: 'The image could not be read for text recognition: it is damaged or in an unsupported format.',
    });
    // PNG's signature, then nothing readable: this one reaches Tesseract, whose failure must reject, not crash the process.
    const truncated = join(dir, 'truncated.png');
    writeFileSync(truncated, readFileSync(scan).subarray(0, 64));
    await expect(reader.ocrImage(truncated)).rejects.toBeInstanceOf(UnreadableDocumentError);
    expect((await reader.ocrImage(scan)).text).toContain('Birch Lane');
  }, OCR_MS);

  it(
    'needs no network: OCR runs in a process without one (a fresh network namespace)',
    async () => {
      const script = `
        const offline = await fetch('http://registry.npmjs.org/').then(() => false, () => true);
        const { OcrReader } = await import(${JSON.stringify(new URL('../src/ocr/ocr-reader.ts', import.meta.url).pathname)});
        const reader = new OcrReader();
        const { text } = await reader.ocrImage(${JSON.stringify(scan)});
        await reader.close();
        console.log(JSON.stringify({ offline, text }));
      `;
      const hooks = new URL('./fixtures/resolve-ts-hooks.mjs', import.meta.url).pathname;
      const child = join(dir, 'offline-ocr.mjs');
      writeFileSync(child, script);
      const { stdout } = await promisify(execFile)(
        'unshare',
        // --map-root-user: a user namespace too, so the test also runs without root where user namespaces are allowed.
        ['--net', '--map-root-user', process.execPath, '--experimental-transform-types', '--no-warnings', '--import', hooks, child],
        { cwd: join(import.meta.dirname, '..'), timeout: OCR_MS },
      );
      const result = JSON.parse(stdout.trim().split('\n').at(-1)!) as { offline: boolean; text: string };
      expect(result.offline).toBe(true);
      expect(result.text).toContain('NOTICE OF RENT INCREASE');
    },
    OCR_MS,
  );
});
