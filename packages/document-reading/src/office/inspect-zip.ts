import { open } from 'node:fs/promises';
import yauzl from 'yauzl';
import { DocumentTooComplexError } from '../errors.js';

export interface ZipLimits {
  /** Sum of all entries' uncompressed sizes. Default 100 MB (a long report with images is a few MB). */
  maxUncompressedBytes?: number;
  /** Default 5,000 (a large spreadsheet has a few hundred parts). */
  maxEntries?: number;
  /** Uncompressed/compressed size of any entry over 1 MB. Default 100 (XML compresses about 10:1). */
  maxCompressionRatio?: number;
}

const DEFAULTS = { maxUncompressedBytes: 100 * 1024 * 1024, maxEntries: 5_000, maxCompressionRatio: 100 } as const;
/** Small entries may compress extremely well (a run of spaces) without being any danger. */
const RATIO_CHECKED_ABOVE = 1024 * 1024;

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** True when the file starts with a zip local header: docx, xlsx, pptx, odt, ods… whatever its name says. */
export async function isZipFile(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await handle.read(head, 0, 4, 0);
    return bytesRead === 4 && head.equals(ZIP_MAGIC);
  } finally {
    await handle.close();
  }
}

/**
 * Refuses zip bombs before LibreOffice unpacks one: the central directory's entry count, total and per-entry sizes
 * and ratios are checked first (cheap); then every entry is inflated and counted, because those sizes are only the
 * archive's claims, and yauzl stops an entry the moment it inflates past its claimed size. So at most
 * maxUncompressedBytes are ever inflated, into nothing.
 */
export async function assertSafeZip(path: string, limits: ZipLimits = {}): Promise<void> {
  const { maxUncompressedBytes, maxEntries, maxCompressionRatio } = { ...DEFAULTS, ...limits };
  const zip = await openZip(path);
  try {
    if (zip.entryCount > maxEntries) {
      throw new DocumentTooComplexError(`The file holds ${zip.entryCount} parts; at most ${maxEntries} are accepted.`, 'entry-count');
    }
    let total = 0;
    for await (const entry of entries(zip)) {
      total += entry.uncompressedSize;
      if (total > maxUncompressedBytes) {
        throw new DocumentTooComplexError(
          `The file would expand to more than ${Math.round(maxUncompressedBytes / 1024 / 1024)} MB when opened, so it is not converted.`,
          'uncompressed-size',
        );
      }
      if (entry.uncompressedSize > RATIO_CHECKED_ABOVE && entry.uncompressedSize > maxCompressionRatio * Math.max(entry.compressedSize, 1)) {
        throw new DocumentTooComplexError('The file is compressed far more than a real document can be, so it is not converted.', 'compression-ratio');
      }
      await drain(zip, entry);
    }
  } finally {
    zip.close();
  }
}

function openZip(path: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false }, (error, zip) => {
      if (error || !zip) reject(corrupt(error));
      else resolve(zip);
    });
  });
}

async function* entries(zip: yauzl.ZipFile): AsyncGenerator<yauzl.Entry> {
  for (;;) {
    const entry = await new Promise<yauzl.Entry | undefined>((resolve, reject) => {
      const onEntry = (next: yauzl.Entry): void => {
        zip.off('end', onEnd).off('error', onError);
        resolve(next);
      };
      const onEnd = (): void => {
        zip.off('entry', onEntry).off('error', onError);
        resolve(undefined);
      };
      const onError = (error: Error): void => {
        zip.off('entry', onEntry).off('end', onEnd);
        reject(corrupt(error));
      };
      zip.once('entry', onEntry).once('end', onEnd).once('error', onError);
      zip.readEntry();
    });
    if (!entry) return;
    yield entry;
  }
}

function drain(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<void> {
  if (entry.fileName.endsWith('/')) return Promise.resolve();
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) return reject(corrupt(error));
      stream.on('error', (streamError) => reject(corrupt(streamError)));
      stream.on('end', () => resolve());
      stream.resume();
    });
  });
}

function corrupt(cause: unknown): DocumentTooComplexError {
  const error = new DocumentTooComplexError('The file is a damaged archive, so it is not converted.', 'corrupt-archive');
  error.cause = cause;
  return error;
}
