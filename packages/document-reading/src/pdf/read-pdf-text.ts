import { readFile, stat } from 'node:fs/promises';
import { extractText, getDocumentProxy } from 'unpdf';
import { duration, UnreadableDocumentError } from '../errors.js';

export interface PdfText {
  pageCount: number;
  /** The text layer of each page, in page order (index 0 is page 1); '' for a page without one (a scan). */
  pages: string[];
}

export interface ReadPdfOptions {
  /** Parsing is abandoned after this long (a crafted PDF can make pdf.js loop for minutes). Default 30 s. */
  timeoutMs?: number;
  /** pdf.js needs the whole file in memory: larger files are refused. Default 200 MB. */
  maxBytes?: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_BYTES = 200 * 1024 * 1024;

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;

/** The text of every page of a PDF on disk, with unpdf (pdf.js). Rejects with UnreadableDocumentError. */
export async function readPdfText(path: string, options: ReadPdfOptions = {}): Promise<PdfText> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const { size } = await stat(path);
  if (size > maxBytes) {
    throw new UnreadableDocumentError(`The PDF is too large to read (${Math.round(size / 1024 / 1024)} MB; the limit is ${Math.round(maxBytes / 1024 / 1024)} MB).`, 'too-large');
  }
  const data = new Uint8Array(await readFile(path));
  let pdf: PdfDocument | undefined;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new UnreadableDocumentError(`Reading the PDF took longer than ${duration(timeoutMs)} and was stopped.`, 'timeout')),
      timeoutMs,
    );
  });
  const read = async (): Promise<PdfText> => {
    // Errors only: pdf.js warns on every recoverable oddity (a rebuilt xref table…), which would flood the service logs.
    pdf = await getDocumentProxy(data, { verbosity: 0 });
    const { totalPages, text } = await extractText(pdf, { mergePages: false });
    // A damaged text layer (glyphs without a Unicode mapping) gives NULs and other control characters: PostgreSQL text
    // refuses NUL, so a page carrying one could be stored by no one downstream. Removed here, before any offset is taken.
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    return { pageCount: totalPages, pages: text.map((page) => page.replace(/[\u0000-\u0008\u000B\u000E-\u001F\u007F]/g, '')) };
  };
  try {
    return await Promise.race([read(), timeout]);
  } catch (error) {
    throw asUnreadable(error);
  } finally {
    clearTimeout(timer);
    // Frees pdf.js's parser, and on a timeout stops it from working on in the background.
    await pdf?.loadingTask.destroy().catch(() => undefined);
  }
}

function asUnreadable(error: unknown): UnreadableDocumentError {
  if (error instanceof UnreadableDocumentError) return error;
  const name = error instanceof Error ? error.name : '';
  if (name === 'PasswordException') {
    return new UnreadableDocumentError('The PDF is password-protected, so its text cannot be read.', 'encrypted', { cause: error });
  }
  return new UnreadableDocumentError('The PDF is damaged or not a PDF, so its text cannot be read.', 'corrupt', { cause: error });
}
