import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';

/** How long a download link works: long enough to open the viewer or start a download, short enough to leak little. */
export const DOWNLOAD_TOKEN_TTL_SECONDS = 5 * 60;

export const DOCUMENT_DOWNLOADS_OPTIONS = Symbol('DOCUMENT_DOWNLOADS_OPTIONS');
export interface DocumentDownloadsOptions {
  /**
   * The BFF's service-client secret, shared by its replicas: the token key is derived from it (HKDF, its own label),
   * so no second secret needs deploying. Without it (a BFF without service credentials) each process has a random key.
   */
  secret: string | undefined;
}

/** What a download token grants: one document's file, as the vault described it when the token was issued. */
export interface DownloadGrant {
  documentId: string;
  storageKey: string;
  previewKey: string | null;
  fileName: string;
  mimeType: string;
  /** Unix seconds. */
  expiresAt: number;
}

/**
 * Short-lived, document-scoped tokens for `GET document/doc/{id}?token=` (spec 001 §7: a token in the download query
 * works only for that document and expires). A link carries this token instead of the user's access token, so a
 * leaked link (history, logs, a shared screen) opens one file for minutes, never the account. The vault's access
 * decision is made when the token is issued; the token carries where the file lies, signed, so it cannot be pointed
 * at another file.
 */
@Injectable()
export class DocumentDownloadTokens {
  private readonly key: Buffer;

  constructor(@Inject(DOCUMENT_DOWNLOADS_OPTIONS) options: DocumentDownloadsOptions) {
    this.key = options.secret
      ? Buffer.from(hkdfSync('sha256', options.secret, 'pm-bff', 'document-download-token', 32))
      : randomBytes(32);
  }

  issue(grant: Omit<DownloadGrant, 'expiresAt'>, now = Date.now()): { token: string; expiresAt: number } {
    const expiresAt = Math.floor(now / 1000) + DOWNLOAD_TOKEN_TTL_SECONDS;
    const payload = Buffer.from(JSON.stringify({ ...grant, expiresAt })).toString('base64url');
    return { token: `${payload}.${this.sign(payload)}`, expiresAt };
  }

  /** The grant, when the token is ours, unexpired and for this document; undefined otherwise (the caller answers 401). */
  verify(token: string, documentId: string, now = Date.now()): DownloadGrant | undefined {
    const [payload, signature, ...rest] = token.split('.');
    if (!payload || !signature || rest.length > 0) return undefined;
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    const grant = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as DownloadGrant;
    if (grant.documentId.toLowerCase() !== documentId.toLowerCase() || grant.expiresAt * 1000 <= now) return undefined;
    return grant;
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}
