import { createRemoteJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { Principal } from './principal.js';

export interface JwtVerifierOptions {
  jwksUrl: string;
  issuer: string;
  audience: string;
}

export class InvalidTokenError extends Error {
  constructor(readonly reason: 'missing' | 'expired' | 'invalid') {
    super(reason === 'expired' ? 'Your session has expired. Please sign in again.' : 'Authentication required');
    this.name = 'InvalidTokenError';
  }
}

/** How many verified tokens a process remembers: far more than the users active within one token's lifetime. */
const MAX_REMEMBERED_TOKENS = 10_000;

/**
 * Verifies the platform's access tokens against the identity service's JWKS (fetched and cached by jose, refreshed
 * when an unknown key id appears, so key rotation needs no restart). Signature, issuer, audience and expiry are all
 * checked; asymmetric algorithms only.
 *
 * A token that passed is remembered until its own `exp`, so the next request with the same bytes skips the signature
 * check (the BFF and every service each verify the same token on every request; a signature check was about 0.3 ms
 * of CPU per process per request). Only a verified token is remembered, keyed by its full text, and never past its
 * expiry; what that gives up is refusing a live token because its key left the JWKS, which jose's key cache (10
 * minutes) does not do either.
 */
export class JwtVerifier {
  private readonly keys: JWTVerifyGetKey;
  private readonly verified = new Map<string, { principal: Principal; expiresAtMs: number }>();

  constructor(private readonly options: JwtVerifierOptions) {
    this.keys = createRemoteJWKSet(new URL(options.jwksUrl), { cooldownDuration: 30_000, cacheMaxAge: 10 * 60_000 });
  }

  async verify(authorization: string | undefined): Promise<Principal> {
    const token = bearerToken(authorization);
    if (!token) throw new InvalidTokenError('missing');
    const remembered = this.verified.get(token);
    if (remembered) {
      if (Date.now() < remembered.expiresAtMs) return remembered.principal;
      this.verified.delete(token);
    }
    const principal = await this.check(token);
    const exp = principal.claims['exp'];
    if (typeof exp === 'number' && exp * 1000 > Date.now()) {
      // Oldest first in a Map's order: dropping the first entry forgets the token remembered longest ago.
      if (this.verified.size >= MAX_REMEMBERED_TOKENS) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, { principal, expiresAtMs: exp * 1000 });
    }
    return principal;
  }

  private async check(token: string): Promise<Principal> {
    try {
      const { payload } = await jwtVerify(token, this.keys, {
        issuer: this.options.issuer,
        audience: this.options.audience,
        algorithms: ['EdDSA', 'ES256', 'RS256'],
        clockTolerance: 5,
      });
      if (typeof payload.sub !== 'string' || !payload.sub) throw new InvalidTokenError('invalid');
      return {
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

function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization?.trim() ?? '');
  return match?.[1];
}
