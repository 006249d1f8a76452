import { Injectable, Logger } from '@nestjs/common';
import { FileStore } from '@pm/files';
import type { ThreadExport } from '@pm/contracts';
import { DOWNLOAD_LINK_TTL_SECONDS, type LinkedFile } from '../files/download-links.js';
import { renderThreadExportPdf } from './thread-export-pdf.js';

export type ThreadExportFormat = 'json' | 'pdf';

/** Where the exports a link opens are kept, for as long as a link can open them. */
const PREFIX = 'bff/thread-exports';
/** How often a process looks for exports past every link's life (at most; only when it issues a link). */
const SWEEP_EVERY_MS = 60_000;

/** The export as a file: its bytes, the name it is saved under, and its type. */
export async function threadExportFile(record: ThreadExport, format: ThreadExportFormat): Promise<{ body: Buffer; fileName: string; contentType: string }> {
  const stamp = record.exported_at.slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
  return {
    body: format === 'pdf' ? await renderThreadExportPdf(record) : Buffer.from(`${JSON.stringify(record, null, 2)}\n`, 'utf8'),
    fileName: `thread-${record.session.id}-${stamp}.${format}`,
    contentType: format === 'pdf' ? 'application/pdf' : 'application/json; charset=utf-8',
  };
}

/**
 * The thread exports a download link opens. A link cannot carry the user's access token, and the record is made as
 * the user (messaging decides access and names the exporter), so the export is made when the link is issued, with
 * the user's token, and kept in storage under a key of its own for the link to open. Kept exports are removed once
 * no link can open them any more (older than a link's life and a minute): each process, when it issues a link,
 * sweeps at most once a minute, so a restarted or scaled-down replica's leftovers go too.
 */
@Injectable()
export class ThreadExportFiles {
  private readonly logger = new Logger(ThreadExportFiles.name);
  private lastSweepMs = 0;

  constructor(private readonly store: FileStore) {}

  async keep(record: ThreadExport, format: ThreadExportFormat): Promise<LinkedFile> {
    this.sweep();
    const file = await threadExportFile(record, format);
    const { key } = await this.store.putGenerated(file.body, { prefix: PREFIX, contentType: file.contentType });
    return { storageKey: key, fileName: file.fileName, mimeType: file.contentType };
  }

  private sweep(): void {
    if (Date.now() - this.lastSweepMs < SWEEP_EVERY_MS) return;
    this.lastSweepMs = Date.now();
    const before = new Date(Date.now() - (DOWNLOAD_LINK_TTL_SECONDS + 60) * 1000);
    this.store.removeOlderThan(PREFIX, before).catch((error: unknown) => this.logger.warn(`Could not remove expired thread exports: ${String(error)}`));
  }
}
