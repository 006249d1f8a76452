import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConversionFailedError, convertToPdf, DocumentTooComplexError, readPdfText } from '../src/index.js';
import { buildDocx, buildManyEntryZip, buildZipBombDocx } from './fixtures/build-docx.js';

// LibreOffice's first start in a fresh profile takes a few seconds on a busy two-core machine.
const CONVERSION_MS = 120_000;

let dir: string;
let profiles: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'convert-'));
  profiles = join(dir, 'profiles');
  mkdirSync(profiles);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** True while any process of the group led by `pid` runs (zombies left to a non-reaping PID 1 hold nothing). */
function groupAlive(pid: number): boolean {
  const table = execFileSync('ps', ['-e', '-o', 'pgid=,stat='], { encoding: 'utf8' });
  return table.split('\n').some((line) => {
    const [pgid, stat] = line.trim().split(/\s+/);
    return Number(pgid) === pid && !stat?.startsWith('Z');
  });
}

describe('convertToPdf', () => {
  it(
    'converts a real .docx into a PDF whose text reads back, and removes its profile',
    async () => {
      const input = join(dir, 'move-in-letter.docx');
      await buildDocx(input, ['Welcome to 48 Birch Lane.', 'Your move-in inspection is on March 31, 2026 at 10 am.']);
      let pid: number | undefined;

      const pdf = await convertToPdf(input, dir, { timeoutMs: CONVERSION_MS, profileParent: profiles, onStarted: (started) => (pid = started) });

      expect(pdf).toBe(join(dir, 'move-in-letter.pdf'));
      const { pageCount, pages } = await readPdfText(pdf);
      expect(pageCount).toBe(1);
      expect(pages[0]).toContain('Welcome to 48 Birch Lane.');
      expect(pages[0]).toContain('move-in inspection is on March 31, 2026');
      expect(readdirSync(profiles)).toEqual([]);
      expect(pid).toBeDefined();
      expect(groupAlive(pid!)).toBe(false);
    },
    CONVERSION_MS + 10_000,
  );

  it(
    'runs one conversion at a time by default: the second starts only once the first has finished',
    async () => {
      const events: string[] = [];
      const convert = async (name: string): Promise<void> => {
        const input = join(dir, `${name}.docx`);
        await buildDocx(input, [`Letter ${name}.`]);
        await convertToPdf(input, dir, { timeoutMs: CONVERSION_MS, profileParent: profiles, onStarted: () => events.push(`${name} started`) });
        events.push(`${name} finished`);
      };

      await Promise.all([convert('first'), convert('second')]);

      // Whichever is written first converts first (writing the .docx is asynchronous); the other starts only after it.
      const [one, other] = events[0] === 'second started' ? ['second', 'first'] : ['first', 'second'];
      expect(events).toEqual([`${one} started`, `${one} finished`, `${other} started`, `${other} finished`]);
    },
    2 * CONVERSION_MS + 10_000,
  );

  it('refuses a zip bomb named .docx fast, before LibreOffice starts', async () => {
    const input = join(dir, 'bomb.docx');
    await buildZipBombDocx(input, 120 * 1024 * 1024);
    expect(statSync(input).size).toBeLessThan(1024 * 1024);
    let started = false;

    const begun = Date.now();
    const error = await convertToPdf(input, dir, { profileParent: profiles, onStarted: () => (started = true) }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(DocumentTooComplexError);
    expect(error).toMatchObject({ reason: 'uncompressed-size' });
    expect(Date.now() - begun).toBeLessThan(5_000);
    expect(started).toBe(false);
    expect(readdirSync(profiles)).toEqual([]);
  });

  it('refuses an entry compressed far beyond what a document can be, and an archive of too many parts', async () => {
    const ratio = join(dir, 'ratio.docx');
    await buildZipBombDocx(ratio, 20 * 1024 * 1024);
    await expect(convertToPdf(ratio, dir)).rejects.toMatchObject({ name: 'DocumentTooComplexError', reason: 'compression-ratio' });

    const many = join(dir, 'many.xlsx');
    await buildManyEntryZip(many, 600);
    await expect(convertToPdf(many, dir, { zipLimits: { maxEntries: 500 } })).rejects.toMatchObject({ name: 'DocumentTooComplexError', reason: 'entry-count' });
  });

  it(
    'rejects a conversion killed mid-way with a typed error, and leaves no process and no profile',
    async () => {
      const input = join(dir, 'killed.docx');
      await buildDocx(input, ['This conversion is interrupted.']);
      let pid: number | undefined;

      const error = await convertToPdf(input, dir, {
        timeoutMs: CONVERSION_MS,
        profileParent: profiles,
        onStarted: (started) => {
          pid = started;
          // Only the process itself, as the kernel's OOM killer would: its helpers must still be cleaned up.
          setTimeout(() => process.kill(started, 'SIGKILL'), 300);
        },
      }).catch((caught: unknown) => caught);

      expect(error).toBeInstanceOf(ConversionFailedError);
      expect(error).toMatchObject({ reason: 'killed', message: 'The conversion was stopped unexpectedly (SIGKILL), so the document was not converted.' });
      expect(groupAlive(pid!)).toBe(false);
      expect(readdirSync(profiles)).toEqual([]);
      expect(readdirSync(dir)).not.toContain('killed.pdf');
    },
    CONVERSION_MS + 10_000,
  );

  it('stops a conversion at its time limit, killing the whole process group', async () => {
    const input = join(dir, 'slow.docx');
    await buildDocx(input, ['This conversion runs out of time.']);
    let pid: number | undefined;

    const error = await convertToPdf(input, dir, { timeoutMs: 200, profileParent: profiles, onStarted: (started) => (pid = started) }).catch(
      (caught: unknown) => caught,
    );

    expect(error).toBeInstanceOf(ConversionFailedError);
    expect(error).toMatchObject({ reason: 'timeout', message: 'Converting the document took longer than 200 ms and was stopped.' });
    expect(groupAlive(pid!)).toBe(false);
    expect(readdirSync(profiles)).toEqual([]);
  });

  it('stops a conversion when its signal aborts', async () => {
    const input = join(dir, 'cancelled.docx');
    await buildDocx(input, ['This conversion is cancelled.']);
    const controller = new AbortController();

    const error = await convertToPdf(input, dir, { signal: controller.signal, profileParent: profiles, onStarted: () => setTimeout(() => controller.abort(), 100) }).catch(
      (caught: unknown) => caught,
    );

    expect(error).toMatchObject({ name: 'ConversionFailedError', reason: 'aborted', message: 'Converting the document was cancelled.' });
    expect(readdirSync(profiles)).toEqual([]);
  });

  it('reports a file LibreOffice cannot read as a failed conversion, not as a PDF', async () => {
    const input = join(dir, 'garbage.doc');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(input, Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]));

    const error = await convertToPdf(input, dir, { timeoutMs: CONVERSION_MS, profileParent: profiles }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ConversionFailedError);
    expect(['no-output', 'exit-code']).toContain((error as ConversionFailedError).reason);
    expect(readdirSync(profiles)).toEqual([]);
  }, CONVERSION_MS + 10_000);
});
