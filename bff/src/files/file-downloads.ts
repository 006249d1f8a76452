import { pipeline } from 'node:stream/promises';
import { Injectable } from '@nestjs/common';
import { attachmentDisposition, FileStore } from '@pm/files';
import type { Response } from 'express';

export interface DownloadOptions {
  /** The name the browser saves the file under (the user's, kept apart from the key). */
  fileName: string;
  /**
   * `redirect` (the default) sends the browser to a short-lived presigned MinIO URL, so the bytes never cross the BFF;
   * `stream` passes them through the BFF, for where browsers cannot reach MinIO.
   */
  mode?: 'redirect' | 'stream';
  expiresSeconds?: number;
  /**
   * `inline` lets the browser show the file in the page (the vault's viewer, for PDFs and images only); the default
   * `attachment` saves it. Either way a streamed file is sandboxed, so it can never run script in our origin.
   */
  disposition?: 'attachment' | 'inline';
}

/** Answers a download route with a stored file (a link to it carries a DownloadLinks token, see there). */
@Injectable()
export class FileDownloads {
  constructor(private readonly store: FileStore) {}

  async send(response: Response, key: string, options: DownloadOptions): Promise<void> {
    // The page URL may carry a link's ?token=: never pass it on as a Referer.
    response.setHeader('referrer-policy', 'no-referrer');
    if ((options.mode ?? 'redirect') === 'redirect') {
      const url = await this.store.presignedDownloadUrl(key, { fileName: options.fileName, expiresSeconds: options.expiresSeconds ?? 60 });
      response.setHeader('cache-control', 'no-store');
      response.redirect(302, url);
      return;
    }
    const file = await this.store.openStream(key);
    response.status(200);
    response.setHeader('content-type', file.contentType);
    response.setHeader('content-length', String(file.size));
    const disposition = attachmentDisposition(options.fileName);
    response.setHeader('content-disposition', options.disposition === 'inline' ? disposition.replace(/^attachment/, 'inline') : disposition);
    response.setHeader('x-content-type-options', 'nosniff');
    response.setHeader('content-security-policy', 'sandbox');
    response.setHeader('cache-control', 'private, no-store');
    await pipeline(file.stream, response);
  }
}
