import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { Caller, Principal, ServicePrincipal } from './principal.js';

export interface JwtVerifierOptions {
  jwksUrl: string;
  issuer: string;
  /** The audience of user access tokens (the platform's, shared by the BFF and every service). */
  audience: string;
  /**
   * This service's own name (its bounded context): service tokens are accepted only when addressed to it. Without
   * it (the BFF) no service token is accepted.
   */
  serviceAudience?: string;
  /**
   * The sessions identity has ended (`{ sessions: [sid, …] }`); by default `revoked-sessions.json` beside the JWKS,
   * which identity serves. Polled at most every `revocationRefreshMs` (2 seconds by default).
   */
  revokedSessionsUrl?: string;
  revocationRefreshMs?: number;
}

/** The `token_use` claim identity puts in service tokens (IssueServiceToken); user access tokens carry none. */
const SERVICE_TOKEN_USE = 'service';

export class InvalidTokenError extends Error {
  constructor(readonly reason: 'missing' | 'expired' | 'revoked' | 'invalid') {
    super(reason === 'expired' || reason === 'revoked' ? 'Your session has expired. Please sign in again.' : 'Authentication required');
    this.name = 'InvalidTokenError';
  }
}

/** How many verified tokens a process remembers: far more than the users active within one token's lifetime. */
const MAX_REMEMBERED_TOKENS = 10_000;

/**
 * Verifies the platform's tokens against the identity service's JWKS (fetched and cached by jose, refreshed when an
 * unknown key id appears, so key rotation needs no restart). Signature, issuer, audience and expiry are all checked;
 * asymmetric algorithms only. A user token and a service token are told apart by `token_use`, and each must carry
 * its own audience: a service token is never taken for a user, nor a user token for a service.
 *
 * A token that passed is remembered until its own `exp`, so the next request with the same bytes skips the signature
 * check (the BFF and every service each verify the same token on every request; a signature check was about 0.3 ms
 * of CPU per process per request). Only a verified token is remembered, keyed by its full text, and never past its
 * expiry; what that gives up is refusing a live token because its key left the JWKS, which jose's key cache (10
 * minutes) does not do either.
 *
 * A session ended early (sign-out, password change) is refused by its `sid` claim, remembered token or not: the list
 * of such sessions is one small document per process, fetched in the background when older than a couple of seconds,
 * so no request waits for it except the first. When identity cannot be reached the last list stays in force (an
 * identity outage must not sign everyone out); the tokens still expire on their own.
 */
export class JwtVerifier {
  private readonly keys: JWTVerifyGetKey;
  private readonly verified = new Map<string, { caller: Caller; expiresAtMs: number }>();
  private readonly revokedSessionsUrl: URL;
  private revoked = new Set<string>();
  private revokedFetchedAtMs = 0;
  private revokedLoaded = false;
  private revokedInFlight: Promise<void> | undefined;

  constructor(private readonly options: JwtVerifierOptions) {
    this.keys = createRemoteJWKSet(new URL(options.jwksUrl), { cooldownDuration: 30_000, cacheMaxAge: 10 * 60_000 });
    this.revokedSessionsUrl = new URL(options.revokedSessionsUrl ?? new URL('revoked-sessions.json', options.jwksUrl));
  }

  /** A user's token only (what the BFF and user-facing code need). */
  async verify(authorization: string | undefined): Promise<Principal> {
    const caller = await this.verifyCaller(authorization);
    if (caller.kind !== 'user') throw new InvalidTokenError('invalid');
    return caller;
  }

  /** A user's token, or a service token addressed to this service. */
  async verifyCaller(authorization: string | undefined): Promise<Caller> {
    const token = bearerToken(authorization);
    if (!token) throw new InvalidTokenError('missing');
    const revocations = this.revocations();
    const remembered = this.verified.get(token);
    if (remembered) {
      if (Date.now() < remembered.expiresAtMs) return this.notRevoked(remembered.caller, await revocations);
      this.verified.delete(token);
    }
    const caller = this.notRevoked(await this.check(token), await revocations);
    const exp = caller.claims['exp'];
    if (typeof exp === 'number' && exp * 1000 > Date.now()) {
      // Oldest first in a Map's order: dropping the first entry forgets the token remembered longest ago.
      if (this.verified.size >= MAX_REMEMBERED_TOKENS) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, { caller, expiresAtMs: exp * 1000 });
    }
    return caller;
  }

  /**
   * Whether identity has ended this session (sign-out, password change, a replayed refresh token): what a credential
   * minted from a session's access token (the BFF's download links) checks, so it ends with the session.
   */
  async sessionEnded(sessionId: string): Promise<boolean> {
    return (await this.revocations()).has(sessionId);
  }

  private notRevoked(caller: Caller, revoked: ReadonlySet<string>): Caller {
    const sid = caller.claims['sid'];
    if (caller.kind === 'user' && typeof sid === 'string' && revoked.has(sid)) throw new InvalidTokenError('revoked');
    return caller;
  }

  /** The ended sessions: the list in hand, refreshed in the background when stale; awaited only until first loaded. */
  private async revocations(): Promise<ReadonlySet<string>> {
    if (Date.now() - this.revokedFetchedAtMs >= (this.options.revocationRefreshMs ?? 2_000) && !this.revokedInFlight) {
      this.revokedInFlight = this.fetchRevoked().finally(() => (this.revokedInFlight = undefined));
    }
    if (!this.revokedLoaded && this.revokedInFlight) await this.revokedInFlight;
    return this.revoked;
  }

  private async fetchRevoked(): Promise<void> {
    try {
      const response = await fetch(this.revokedSessionsUrl, { signal: AbortSignal.timeout(2_000) });
      const body: unknown = response.ok ? await response.json() : undefined;
      const sessions = (body as { sessions?: unknown } | undefined)?.sessions;
      if (Array.isArray(sessions) && sessions.every((id) => typeof id === 'string')) {
        this.revoked = new Set(sessions);
        this.revokedLoaded = true;
      }
    } catch {
      // Unreachable or malformed: the last list stays in force (see the class comment); retried after the interval.
    } finally {
      this.revokedFetchedAtMs = Date.now();
    }
  }

  private async check(token: string): Promise<Caller> {
    const { audience, serviceAudience } = this.options;
    try {
      const { payload } = await jwtVerify(token, this.keys, {
        issuer: this.options.issuer,
        audience: serviceAudience ? [audience, serviceAudience] : audience,
        algorithms: ['EdDSA', 'ES256', 'RS256'],
        clockTolerance: 5,
      });
      if (typeof payload.sub !== 'string' || !payload.sub) throw new InvalidTokenError('invalid');
      if (payload['token_use'] === SERVICE_TOKEN_USE) return servicePrincipal(payload.sub, payload, serviceAudience);
      if (payload['token_use'] !== undefined || !audiences(payload).includes(audience)) throw new InvalidTokenError('invalid');
      return {
        kind: 'user',
        userId: payload.sub,
        isAnonymous: payload['is_anonymous'] === true,
        email: typeof payload['email'] === 'string' ? payload['email'] : undefined,
        claims: payload,
      };
    } catch (error) {
      if (error instanceof InvalidTokenError) throw error;
      if (error instanceof errors.JWTExpired) throw new InvalidTokenError('expired');
      throw new InvalidTokenError('invalid');
    }
  }
}

function servicePrincipal(name: string, payload: JWTPayload, serviceAudience: string | undefined): ServicePrincipal {
  // Exactly one audience, this service: a token for several services would let one of them replay it to another.
  if (!serviceAudience || payload.aud !== serviceAudience) throw new InvalidTokenError('invalid');
  return { kind: 'service', name, claims: payload };
}

function audiences(payload: JWTPayload): string[] {
  return typeof payload.aud === 'string' ? [payload.aud] : (payload.aud ?? []);
}

function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization?.trim() ?? '');
  return match?.[1];
}
