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

/**
 * Verifies the platform's access tokens against the identity service's JWKS (fetched and cached by jose, refreshed
 * when an unknown key id appears, so key rotation needs no restart). Signature, issuer, audience and expiry are all
 * checked; asymmetric algorithms only.
 */
export class JwtVerifier {
  private readonly keys: JWTVerifyGetKey;

  constructor(private readonly options: JwtVerifierOptions) {
    this.keys = createRemoteJWKSet(new URL(options.jwksUrl), { cooldownDuration: 30_000, cacheMaxAge: 10 * 60_000 });
  }

  async verify(authorization: string | undefined): Promise<Principal> {
    const token = bearerToken(authorization);
    if (!token) throw new InvalidTokenError('missing');
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
