import { Injectable, Logger } from '@nestjs/common';
import { attachmentDisposition, FileStore } from '@pm/files';
import type { Response } from 'express';
import { DOWNLOAD_LINK_TTL_SECONDS, type LinkedFile } from './download-links.js';

/** A file the BFF made from a record (a thread export, an owner statement): its bytes, the name it saves as, its type. */
export interface GeneratedFile {
  body: Buffer;
  fileName: string;
  contentType: string;
}

/** How often a process looks for kept files past every link's life (at most; only when it keeps one). */
const SWEEP_EVERY_MS = 60_000;

/**
 * Files the BFF generates, kept for the download links that open them. A link cannot carry the user's access token,
 * and the record is read as the user (the service decides access), so the file is made when the link is issued and
 * kept under a key of its own (under `prefix`, one per kind) for the link to open. Kept files are removed once no
 * link can open them any more (older than a link's life and a minute): each process, when it keeps one, sweeps that
 * prefix at most once a minute, so a restarted or scaled-down replica's leftovers go too.
 */
@Injectable()
export class GeneratedFiles {
  private readonly logger = new Logger(GeneratedFiles.name);
  private readonly lastSweepMs = new Map<string, number>();

  constructor(private readonly store: FileStore) {}

  async keep(file: GeneratedFile, prefix: string): Promise<LinkedFile> {
    this.sweep(prefix);
    const { key } = await this.store.putGenerated(file.body, { prefix, contentType: file.contentType });
    return { storageKey: key, fileName: file.fileName, mimeType: file.contentType };
  }

  private sweep(prefix: string): void {
    if (Date.now() - (this.lastSweepMs.get(prefix) ?? 0) < SWEEP_EVERY_MS) return;
    this.lastSweepMs.set(prefix, Date.now());
    const before = new Date(Date.now() - (DOWNLOAD_LINK_TTL_SECONDS + 60) * 1000);
    this.store.removeOlderThan(prefix, before).catch((error: unknown) => this.logger.warn(`Could not remove expired files under ${prefix}: ${String(error)}`));
  }
}

/** Answers a request with a generated file, as an attachment and sandboxed, as every download. */
export function sendGeneratedFile(res: Response, file: GeneratedFile): void {
  res.status(200);
  res.setHeader('content-type', file.contentType);
  res.setHeader('content-length', String(file.body.length));
  res.setHeader('content-disposition', attachmentDisposition(file.fileName));
  res.setHeader('x-content-type-options', 'nosniff');
  // A file opened from our origin never runs script in it.
  res.setHeader('content-security-policy', 'sandbox');
  res.setHeader('cache-control', 'private, no-store');
  res.setHeader('referrer-policy', 'no-referrer');
  res.end(file.body);
}

/** A PDFKit document's bytes, once it has ended (call `doc.end()` after writing it). */
export function pdfBytes(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}
