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
}

/** The `token_use` claim identity puts in service tokens (IssueServiceToken); user access tokens carry none. */
const SERVICE_TOKEN_USE = 'service';

export class InvalidTokenError extends Error {
  constructor(readonly reason: 'missing' | 'expired' | 'invalid') {
    super(reason === 'expired' ? 'Your session has expired. Please sign in again.' : 'Authentication required');
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
 */
export class JwtVerifier {
  private readonly keys: JWTVerifyGetKey;
  private readonly verified = new Map<string, { caller: Caller; expiresAtMs: number }>();

  constructor(private readonly options: JwtVerifierOptions) {
    this.keys = createRemoteJWKSet(new URL(options.jwksUrl), { cooldownDuration: 30_000, cacheMaxAge: 10 * 60_000 });
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
    const remembered = this.verified.get(token);
    if (remembered) {
      if (Date.now() < remembered.expiresAtMs) return remembered.caller;
      this.verified.delete(token);
    }
    const caller = await this.check(token);
    const exp = caller.claims['exp'];
    if (typeof exp === 'number' && exp * 1000 > Date.now()) {
      // Oldest first in a Map's order: dropping the first entry forgets the token remembered longest ago.
      if (this.verified.size >= MAX_REMEMBERED_TOKENS) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, { caller, expiresAtMs: exp * 1000 });
    }
    return caller;
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
