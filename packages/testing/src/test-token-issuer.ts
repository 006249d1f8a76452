import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';

export interface TokenOptions {
  /** Expiry: a jose time span ('5m') or epoch seconds (in the past for an expired token). */
  exp?: string | number;
  issuer?: string;
  audience?: string;
  /** Sign with another key (a forged token the JWKS does not know). */
  key?: CryptoKey;
}

export interface TestTokenIssuer {
  jwksUrl: string;
  issuer: string;
  audience: string;
  /** A signed access token for `sub` (omit it for a token without subject), with extra claims. */
  sign(sub: string | undefined, claims?: Record<string, unknown>, options?: TokenOptions): Promise<string>;
  /** `Bearer <token>` for a registered user. */
  bearer(sub: string, claims?: Record<string, unknown>, options?: TokenOptions): Promise<string>;
  /** Lists a session (`sid` claim) as ended, as identity does on sign-out or a password change. */
  revokeSession(sid: string): void;
  close(): Promise<void>;
}

/**
 * Stands in for the identity service in tests of other processes: an ES256 key pair and a JWKS endpoint on a free
 * loopback port, so services and the BFF verify test tokens exactly as they verify real ones; beside it the list of
 * ended sessions that verifiers poll.
 */
export async function startTestTokenIssuer(options: { issuer?: string; audience?: string } = {}): Promise<TestTokenIssuer> {
  const issuer = options.issuer ?? 'pm-identity-test';
  const audience = options.audience ?? 'pm-platform-test';
  const kid = `test-${Math.random().toString(36).slice(2, 8)}`;
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' };
  const revoked = new Set<string>();
  const server = createServer((req, res) => {
    const body = req.url?.endsWith('/revoked-sessions.json') ? { sessions: [...revoked] } : { keys: [jwk] };
    res.setHeader('content-type', 'application/json').end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  const sign: TestTokenIssuer['sign'] = (sub, claims = {}, tokenOptions = {}) => {
    let jwt = new SignJWT({ is_anonymous: false, ...claims })
      .setProtectedHeader({ alg: 'ES256', kid })
      .setIssuedAt()
      .setIssuer(tokenOptions.issuer ?? issuer)
      .setAudience(tokenOptions.audience ?? audience)
      .setExpirationTime(tokenOptions.exp ?? '5m');
    if (sub !== undefined) jwt = jwt.setSubject(sub);
    return jwt.sign(tokenOptions.key ?? privateKey);
  };
  return {
    jwksUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/.well-known/jwks.json`,
    issuer,
    audience,
    sign,
    bearer: async (sub, claims, tokenOptions) => `Bearer ${await sign(sub, claims, tokenOptions)}`,
    revokeSession: (sid) => void revoked.add(sid),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A key the issuer's JWKS does not contain: tokens signed with it must be refused. */
export async function foreignSigningKey(): Promise<CryptoKey> {
  return (await generateKeyPair('ES256')).privateKey;
}
