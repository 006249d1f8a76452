import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { InvalidTokenError, JwtVerifier, type Principal } from '@pm/nest-kit';

/** How long a download link works: long enough to open the viewer or start a download, short enough to leak little. */
export const DOWNLOAD_LINK_TTL_SECONDS = 5 * 60;

export const DOWNLOAD_LINKS_OPTIONS = Symbol('DOWNLOAD_LINKS_OPTIONS');
export interface DownloadLinksOptions {
  /**
   * The BFF's service-client secret, shared by its replicas: the link key is derived from it (HKDF, its own label),
   * so no second secret needs deploying. Without it (a BFF without service credentials) each process has a random key.
   */
  secret: string | undefined;
}

/** What a link opens: one stored file, as the service that decided access described it when the link was issued. */
export interface LinkedFile {
  storageKey: string;
  fileName: string;
  mimeType: string;
  /** A converted copy for the viewer (a vault document's office file), when there is one. */
  previewKey?: string | null;
}

interface LinkPayload {
  /** The one resource the link is for, e.g. `document:{id}`; a link is refused on any other route or id. */
  resource: string;
  file: LinkedFile;
  userId: string;
  /** The session (`sid` of the access token) the link was issued in: the link ends with it. */
  sessionId: string;
  /** Unix seconds. */
  expiresAt: number;
}

/** The words a refused link is answered with (401), whatever the reason: expired, altered, another resource, signed out. */
export const LINK_INVALID = 'This download link is invalid or has expired. Open it again from the app.';

/**
 * Short-lived links to one file, for where a browser opens a URL without an Authorization header (a new tab, a
 * download, `<img src>`): `?token=` carries this link token, never the user's access token, so a leaked URL (history,
 * logs, a shared screen, a proxy) opens one file for minutes and never the account.
 *
 * The service that owns the resource decides access when the link is issued (the BFF calls it with the user's token),
 * and the token carries where the file lies, HMAC-signed, so it cannot be pointed at another file. It names one
 * resource (checked against the route it is used on), the user, and the session it was issued in; it expires after
 * DOWNLOAD_LINK_TTL_SECONDS and is refused as soon as that session ends (sign-out, a password change, a replayed
 * refresh token), through the same list of ended sessions the BFF's JwtVerifier refuses access tokens by.
 *
 * Used by every link the BFF serves: vault documents (`document/doc/{id}`), e-mail attachments
 * (`message/{id}/attachment/{attachmentId}`) and thread exports (`message-session/{id}/export`).
 */
@Injectable()
export class DownloadLinks {
  private readonly key: Buffer;

  constructor(
    @Inject(DOWNLOAD_LINKS_OPTIONS) options: DownloadLinksOptions,
    private readonly verifier: JwtVerifier,
  ) {
    this.key = options.secret ? Buffer.from(hkdfSync('sha256', options.secret, 'pm-bff', 'download-link', 32)) : randomBytes(32);
  }

  /** A link token for `resource`, issued to the signed-in caller (its access token must name a session). */
  issue(resource: string, file: LinkedFile, caller: Principal, now = Date.now()): { token: string; expiresAt: number } {
    const sessionId = caller.claims['sid'];
    // Without a session there is nothing to end the link with: no link.
    if (typeof sessionId !== 'string' || !sessionId) throw new UnauthorizedException('Authentication required');
    const expiresAt = Math.floor(now / 1000) + DOWNLOAD_LINK_TTL_SECONDS;
    const payload: LinkPayload = { resource: resource.toLowerCase(), file, userId: caller.userId, sessionId, expiresAt };
    const encoded = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return { token: `${encoded}.${this.sign(encoded)}`, expiresAt };
  }

  /**
   * The file, when the token is ours, unaltered, for this resource, unexpired and its session has not ended;
   * undefined otherwise (the caller answers 401 LINK_INVALID).
   */
  async open(token: string, resource: string, now = Date.now()): Promise<LinkedFile | undefined> {
    const [encoded, signature, ...rest] = token.split('.');
    if (!encoded || !signature || rest.length > 0) return undefined;
    const expected = Buffer.from(this.sign(encoded));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    const payload = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as LinkPayload;
    if (payload.resource !== resource.toLowerCase() || payload.expiresAt * 1000 <= now) return undefined;
    if (await this.verifier.sessionEnded(payload.sessionId)) return undefined;
    return payload.file;
  }

  /** `open`, answering 401 with `refusal` for anything but a good link (a token that is not a string included). */
  async require(token: unknown, resource: string, refusal = LINK_INVALID): Promise<LinkedFile> {
    const file = typeof token === 'string' ? await this.open(token, resource) : undefined;
    if (!file) throw new UnauthorizedException(refusal);
    return file;
  }

  /**
   * A download route is @Public() to the guard (its `?token=` is a link token, which the guard would take for an
   * access token); a request without a link must then carry a valid access token in its Authorization header.
   */
  async requireSignedIn(authorization: string | undefined): Promise<Principal> {
    try {
      return await this.verifier.verify(authorization);
    } catch (error) {
      throw new UnauthorizedException(error instanceof InvalidTokenError ? error.message : 'Authentication required');
    }
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}

/** What `POST …/download-token` answers: the token, when it expires, and the API path (under `/api/`) it opens. */
export interface IssuedLink {
  token: string;
  expires_at: string;
  url: string;
}

export const issuedLinkSchema = {
  type: 'object',
  properties: { token: { type: 'string' }, expires_at: { type: 'string', format: 'date-time' }, url: { type: 'string' } },
  required: ['token', 'expires_at', 'url'],
};

/** The answer for a link issued as `issue` returned it, to the API path `path` (its query, if any, already in it). */
export function issuedLink({ token, expiresAt }: { token: string; expiresAt: number }, path: string): IssuedLink {
  return { token, expires_at: new Date(expiresAt * 1000).toISOString(), url: `${path}${path.includes('?') ? '&' : '?'}token=${token}` };
}

/** The resources links are issued for: one name per kind, so a link of one kind never opens another. */
export const linkResource = {
  document: (id: string) => `document:${id}`,
  messageAttachment: (messageId: string, attachmentId: string) => `message-attachment:${messageId}/${attachmentId}`,
  threadExport: (sessionId: string, format: 'json' | 'pdf') => `thread-export:${sessionId}.${format}`,
  unitLedger: (unitId: string) => `unit-ledger:${unitId}.csv`,
  ownerStatement: (locationId: string, month: string, format: 'pdf' | 'csv') => `owner-statement:${locationId}/${month}.${format}`,
};
