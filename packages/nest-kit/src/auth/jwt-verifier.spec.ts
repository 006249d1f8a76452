import { foreignSigningKey, startTestTokenIssuer, type TestTokenIssuer } from '@pm/testing';
import { setTimeout as sleep } from 'node:timers/promises';
import { InvalidTokenError, JwtVerifier } from './jwt-verifier.js';

let issuer: TestTokenIssuer;
let verifier: JwtVerifier;

beforeAll(async () => {
  issuer = await startTestTokenIssuer();
  verifier = new JwtVerifier({ jwksUrl: issuer.jwksUrl, issuer: issuer.issuer, audience: issuer.audience });
});

afterAll(async () => {
  await issuer?.close();
});

describe('JwtVerifier', () => {
  it('verifies a token once and answers the same bearer from memory afterwards', async () => {
    const bearer = await issuer.bearer('user-1', { email: 'a@example.com' });
    const first = await verifier.verify(bearer);
    expect(first).toMatchObject({ userId: 'user-1', email: 'a@example.com', isAnonymous: false });
    await expect(verifier.verify(bearer)).resolves.toBe(first);
    const other = await verifier.verify(await issuer.bearer('user-2'));
    expect(other.userId).toBe('user-2');
  });

  it('still refuses a token that differs from a remembered one in its signature', async () => {
    const bearer = await issuer.bearer('user-3');
    await verifier.verify(bearer);
    const forged = await issuer.sign('user-3', {}, { key: await foreignSigningKey() });
    await expect(verifier.verify(`Bearer ${forged}`)).rejects.toEqual(new InvalidTokenError('invalid'));
    await expect(verifier.verify('Bearer')).rejects.toEqual(new InvalidTokenError('missing'));
  });

  it('refuses a remembered token within seconds once identity lists its session as ended, and only that session', async () => {
    const quick = new JwtVerifier({ jwksUrl: issuer.jwksUrl, issuer: issuer.issuer, audience: issuer.audience, revocationRefreshMs: 200 });
    const ended = await issuer.bearer('user-5', { sid: 'session-ended' });
    const kept = await issuer.bearer('user-5', { sid: 'session-kept' });
    await expect(quick.verify(ended)).resolves.toMatchObject({ userId: 'user-5' });
    issuer.revokeSession('session-ended');
    const deadline = Date.now() + 3_000;
    let refusal: unknown;
    while (!refusal && Date.now() < deadline) {
      refusal = await quick.verify(ended).then(() => undefined, (error: unknown) => error);
      if (!refusal) await sleep(100);
    }
    expect(refusal).toEqual(new InvalidTokenError('revoked'));
    await expect(quick.verify(kept)).resolves.toMatchObject({ userId: 'user-5' });
    // What the BFF's download links ask of a session they were minted in.
    await expect(quick.sessionEnded('session-ended')).resolves.toBe(true);
    await expect(quick.sessionEnded('session-kept')).resolves.toBe(false);
  });

  it('keeps verifying tokens when the list of ended sessions cannot be fetched', async () => {
    const blind = new JwtVerifier({ jwksUrl: issuer.jwksUrl, issuer: issuer.issuer, audience: issuer.audience, revokedSessionsUrl: 'http://127.0.0.1:9/revoked-sessions.json' });
    await expect(blind.verify(await issuer.bearer('user-6', { sid: 'session-6' }))).resolves.toMatchObject({ userId: 'user-6' });
  });

  it('never remembers a token past its expiry', async () => {
    const bearer = await issuer.bearer('user-4', {}, { exp: Math.floor(Date.now() / 1000) + 1 });
    await expect(verifier.verify(bearer)).resolves.toMatchObject({ userId: 'user-4' });
    // Past exp and past jose's 5-second clock tolerance.
    await sleep(6_500);
    await expect(verifier.verify(bearer)).rejects.toEqual(new InvalidTokenError('expired'));
  }, 15_000);
});
