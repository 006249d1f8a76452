import { execFile } from 'node:child_process';
import { mkdtemp, open, readdir, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createWorker, OEM, type Worker } from 'tesseract.js';
import { duration, ToolFailedError, UnreadableDocumentError } from '../errors.js';

export interface OcrResult {
  text: string;
  /** Tesseract's mean word confidence, 0–100. */
  confidence: number;
}

export interface OcrPdfOptions {
  /** At most this many pages are rasterised and read (OCR takes seconds per page). Default 20. */
  maxPages?: number;
  /** Only these 1-based pages (e.g. from pagesNeedingOcr); pages beyond maxPages are left out. Default: 1..maxPages. */
  pages?: readonly number[];
  /** Rendering resolution; ~200 dpi is what Tesseract reads best at for letter-size text. */
  dpi?: number;
  /** A directory the caller owns; the page images go into a fresh folder inside it, removed afterwards. Default: the OS temp dir. */
  workDir?: string;
  /** pdftoppm is stopped after this long per call. Default 120 s. */
  timeoutMs?: number;
}

export interface OcrPage extends OcrResult {
  /** 1-based page number in the PDF. */
  page: number;
}

const DEFAULT_MAX_PAGES = 20;
const DEFAULT_DPI = 200;
const DEFAULT_RASTER_TIMEOUT_MS = 120_000;

/**
 * The English LSTM model shipped in the @tesseract.js-data/eng npm package: read from node_modules, so OCR never
 * downloads anything at run time (tesseract.js would otherwise fetch it from a CDN).
 */
export function englishLanguageDataPath(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
}

/**
 * OCR with one Tesseract worker, created on first use and reused: loading the model costs about a second, and a
 * second worker would only compete for the same two cores. Calls are queued, one recognition at a time. close()
 * terminates the worker (a later call starts a new one).
 */
export class OcrReader {
  private worker: Promise<Worker> | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  /** The text of an image file (PNG, JPEG, TIFF, BMP, WebP, GIF). */
  ocrImage(path: string): Promise<OcrResult> {
    return this.exclusive(() => this.recognize(path));
  }

  /** Rasterises a PDF's pages with poppler's pdftoppm and reads each: for scans, whose pages have no text layer. */
  async ocrPdf(path: string, options: OcrPdfOptions = {}): Promise<OcrPage[]> {
    const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
    const dir = await mkdtemp(join(options.workDir ?? tmpdir(), 'ocr-pages-'));
    try {
      const images = await rasterise(path, dir, {
        dpi: options.dpi ?? DEFAULT_DPI,
        timeoutMs: options.timeoutMs ?? DEFAULT_RASTER_TIMEOUT_MS,
        pages: options.pages?.filter((page) => Number.isInteger(page) && page >= 1 && page <= maxPages),
        maxPages,
      });
      const results: OcrPage[] = [];
      for (const { page, file } of images) {
        results.push({ page, ...(await this.ocrImage(file)) });
      }
      return results;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (!worker) return;
    await this.queue.catch(() => undefined);
    await (await worker.catch(() => undefined))?.terminate();
  }

  private exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async recognize(path: string): Promise<OcrResult> {
    if (!(await looksLikeImage(path))) {
      throw new UnreadableDocumentError('The image could not be read for text recognition: it is damaged or in an unsupported format.', 'corrupt');
    }
    this.worker ??= createWorker('eng', OEM.LSTM_ONLY, {
      langPath: englishLanguageDataPath(),
      gzip: true,
      cacheMethod: 'none',
      // Without a handler tesseract.js also throws every failed job as an uncaught exception, which would take the
      // service down; the job's own promise still rejects, and that is where the failure is handled.
      errorHandler: () => undefined,
    });
    const worker = await this.worker;
    try {
      const { data } = await worker.recognize(path);
      return { text: data.text, confidence: data.confidence };
    } catch (error) {
      throw new UnreadableDocumentError('The image could not be read for text recognition: it is damaged or in an unsupported format.', 'corrupt', { cause: error });
    }
  }
}

async function rasterise(
  pdf: string,
  dir: string,
  { dpi, timeoutMs, pages, maxPages }: { dpi: number; timeoutMs: number; pages: number[] | undefined; maxPages: number },
): Promise<{ page: number; file: string }[]> {
  if (pages) {
    const files: { page: number; file: string }[] = [];
    for (const page of [...new Set(pages)].sort((a, b) => a - b)) {
      const prefix = join(dir, `page-${page}`);
      await pdftoppm(['-r', String(dpi), '-png', '-f', String(page), '-l', String(page), '-singlefile', pdf, prefix], timeoutMs);
      files.push({ page, file: `${prefix}.png` });
    }
    return files;
  }
  // pdftoppm clamps -l to the last page and names the images page-<n>.png with n zero-padded to the page count's width.
  await pdftoppm(['-r', String(dpi), '-png', '-f', '1', '-l', String(maxPages), pdf, join(dir, 'page')], timeoutMs);
  return (await readdir(dir))
    .map((name) => ({ name, match: /^page-(\d+)\.png$/.exec(name) }))
    .filter((entry): entry is { name: string; match: RegExpExecArray } => entry.match !== null)
    .map(({ name, match }) => ({ page: Number(match[1]), file: join(dir, name) }))
    .sort((a, b) => a.page - b.page);
}

function pdftoppm(args: string[], timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile('pdftoppm', args, { timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 1024 * 1024 }, (error, _stdout, stderr) => {
      if (!error) return resolve();
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        return reject(new ToolFailedError('Scanned PDFs cannot be read: pdftoppm (Debian package poppler-utils) is not installed.', 'pdftoppm'));
      }
      if (error.killed) return reject(new UnreadableDocumentError(`Rendering the PDF's pages took longer than ${duration(timeoutMs)} and was stopped.`, 'timeout'));
      reject(new UnreadableDocumentError('The PDF is damaged, so its pages cannot be rendered for text recognition.', 'corrupt', { cause: new Error(String(stderr).slice(-500)) }));
    });
  });
}

/** The formats Tesseract's image library reads, by their first bytes: anything else is refused before the worker sees it. */
const IMAGE_SIGNATURES: readonly (readonly (number | undefined)[])[] = [
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0xff, 0xd8, 0xff], // JPEG
  [0x47, 0x49, 0x46, 0x38], // GIF
  [0x42, 0x4d], // BMP
  [0x49, 0x49, 0x2a, 0x00], // TIFF, little-endian
  [0x4d, 0x4d, 0x00, 0x2a], // TIFF, big-endian
  [0x52, 0x49, 0x46, 0x46, undefined, undefined, undefined, undefined, 0x57, 0x45, 0x42, 0x50], // WebP (RIFF….WEBP)
];

async function looksLikeImage(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(12);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return IMAGE_SIGNATURES.some((signature) => signature.length <= bytesRead && signature.every((byte, index) => byte === undefined || head[index] === byte));
  } finally {
    await handle.close();
  }
}
