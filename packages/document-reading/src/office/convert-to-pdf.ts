import { spawn } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConversionFailedError, duration } from '../errors.js';
import { findSoffice } from './find-soffice.js';
import { killGroup, killGroupAndWait } from './process-group.js';
import { assertSafeZip, isZipFile, type ZipLimits } from './inspect-zip.js';
import { Semaphore } from './semaphore.js';

export interface ConvertOptions {
  /** The conversion is killed (its whole process group) after this long. Default 120 s. */
  timeoutMs?: number;
  /** Aborting kills the conversion and rejects with reason 'aborted'. */
  signal?: AbortSignal;
  /** Limits for zip-based files (docx, xlsx, odt…), checked before LibreOffice sees them. */
  zipLimits?: ZipLimits;
  /** Where the per-conversion LibreOffice profile is made (and removed). Default: the OS temp dir. */
  profileParent?: string;
  /** Called with the LibreOffice process id once it runs (monitoring, and tests that kill it). */
  onStarted?: (pid: number) => void;
}

const DEFAULT_TIMEOUT_MS = 120_000;
const STDERR_KEPT = 2_000;

let conversions = new Semaphore(1);

/**
 * How many LibreOffice conversions may run at once in this process (default 1: each takes a core and ~200 MB).
 * Conversions already waiting keep the old limit.
 */
export function setConversionConcurrency(limit: number): void {
  conversions = new Semaphore(limit);
}

/**
 * Converts an office document (doc, docx, odt, rtf, xlsx…) to PDF with LibreOffice headless and returns the PDF's
 * path in outDir. Each conversion runs with its own throw-away profile, so conversions never share (or wait on) a
 * running LibreOffice instance and a crash leaves nothing behind; in its own process group, so a timeout kills
 * LibreOffice's helper processes too.
 */
export async function convertToPdf(inputPath: string, outDir: string, options: ConvertOptions = {}): Promise<string> {
  if (await isZipFile(inputPath)) await assertSafeZip(inputPath, options.zipLimits);
  options.signal?.throwIfAborted();
  const soffice = findSoffice();
  if (!soffice) {
    throw new ConversionFailedError(
      'Office documents cannot be converted: LibreOffice (Debian package libreoffice-writer-nogui) is not installed.',
      'not-installed',
    );
  }
  return conversions.use(() => runConversion(soffice, inputPath, outDir, options));
}

async function runConversion(soffice: string, inputPath: string, outDir: string, options: ConvertOptions): Promise<string> {
  options.signal?.throwIfAborted();
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const profile = await mkdtemp(join(options.profileParent ?? tmpdir(), 'soffice-profile-'));
  const output = join(outDir, `${basename(inputPath, extname(inputPath))}.pdf`);
  try {
    await rm(output, { force: true });
    let pgid: number | undefined;
    try {
      await new Promise<void>((resolve, reject) => {
        const child = spawn(
          soffice,
          [
            `-env:UserInstallation=${pathToFileURL(profile).href}`,
            '--headless',
            '--norestore',
            '--nologo',
            '--nodefault',
            '--nolockcheck',
            '--convert-to',
            'pdf',
            '--outdir',
            outDir,
            inputPath,
          ],
          // Its own process group (detached), so one kill reaches oosplash, soffice.bin and any helper they start.
          { detached: true, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, HOME: profile } },
        );
        pgid = child.pid;
        let stderr = '';
        let stopped: 'timeout' | 'aborted' | undefined;
        child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
          stderr = (stderr + chunk).slice(-STDERR_KEPT);
        });
        const stop = (why: 'timeout' | 'aborted'): void => {
          stopped ??= why;
          if (child.pid) killGroup(child.pid);
        };
        const timer = setTimeout(() => stop('timeout'), timeoutMs);
        const onAbort = (): void => stop('aborted');
        options.signal?.addEventListener('abort', onAbort, { once: true });
        if (child.pid) options.onStarted?.(child.pid);
        // A helper that outlives the launcher keeps stderr open, so 'close' would wait for it: the group goes on exit.
        child.once('exit', () => {
          if (child.pid) killGroup(child.pid);
        });
        child.once('error', (error) => {
          clearTimeout(timer);
          options.signal?.removeEventListener('abort', onAbort);
          reject(new ConversionFailedError('LibreOffice could not be started, so the document was not converted.', 'not-installed', error.message));
        });
        child.once('close', (code, signal) => {
          clearTimeout(timer);
          options.signal?.removeEventListener('abort', onAbort);
          if (stopped === 'timeout') {
            reject(new ConversionFailedError(`Converting the document took longer than ${duration(timeoutMs)} and was stopped.`, 'timeout', stderr));
          } else if (stopped === 'aborted') {
            reject(new ConversionFailedError('Converting the document was cancelled.', 'aborted', stderr));
          } else if (signal) {
            reject(new ConversionFailedError(`The conversion was stopped unexpectedly (${signal}), so the document was not converted.`, 'killed', stderr));
          } else if (code !== 0) {
            reject(new ConversionFailedError(`LibreOffice could not convert the document (exit code ${code}).`, 'exit-code', stderr));
          } else {
            resolve();
          }
        });
      });
    } finally {
      if (pgid) await killGroupAndWait(pgid);
    }
    // LibreOffice exits 0 when it cannot read the input ("Error: source file could not be loaded"): only a file proves success.
    const produced = await stat(output).catch(() => undefined);
    if (!produced || produced.size === 0) {
      throw new ConversionFailedError('LibreOffice could not read the document, so it was not converted.', 'no-output');
    }
    return output;
  } finally {
    await rm(profile, { recursive: true, force: true });
  }
}
