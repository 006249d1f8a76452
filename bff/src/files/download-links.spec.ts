import { JwtVerifier, type Principal } from '@pm/nest-kit';
import { startTestTokenIssuer, waitFor, type TestTokenIssuer } from '@pm/testing';
import { DOWNLOAD_LINK_TTL_SECONDS, DownloadLinks, linkResource } from './download-links.js';

const file = { storageKey: 'vault/documents/01937c40-0a1b-7c2d-8e3f-4a5b6c7d8e03', previewKey: null, fileName: 'Lease.pdf', mimeType: 'application/pdf' };
const secret = 'a-service-client-secret-of-32-characters!';
const resource = linkResource.document('01937c40-0a1b-7c2d-8e3f-4a5b6c7d8e01');

let issuer: TestTokenIssuer;
let verifier: JwtVerifier;
let caller: Principal;

beforeAll(async () => {
  issuer = await startTestTokenIssuer();
  verifier = new JwtVerifier({ jwksUrl: issuer.jwksUrl, issuer: issuer.issuer, audience: issuer.audience, revocationRefreshMs: 100 });
  caller = await verifier.verify(await issuer.bearer('user-1', { sid: 'session-1' }));
});

afterAll(async () => {
  await issuer?.close();
});

describe('download links', () => {
  it('open their file until they expire, then nothing', async () => {
    const links = new DownloadLinks({ secret }, verifier);
    const now = Date.parse('2026-11-25T10:00:00Z');
    const { token, expiresAt } = links.issue(resource, file, caller, now);
    expect(expiresAt).toBe(now / 1000 + DOWNLOAD_LINK_TTL_SECONDS);
    await expect(links.open(token, resource, now + 4 * 60_000)).resolves.toEqual(file);
    await expect(links.open(token, resource, now + DOWNLOAD_LINK_TTL_SECONDS * 1000)).resolves.toBeUndefined();
  });

  it('are refused for another resource or kind, when altered, or when signed with another key', async () => {
    const links = new DownloadLinks({ secret }, verifier);
    const { token } = links.issue(resource, file, caller);
    await expect(links.open(token, linkResource.document('01937c40-0a1b-7c2d-8e3f-4a5b6c7d8e02'))).resolves.toBeUndefined();
    await expect(links.open(token, linkResource.messageAttachment('01937c40-0a1b-7c2d-8e3f-4a5b6c7d8e01', 'x'))).resolves.toBeUndefined();
    const [payload, signature] = token.split('.');
    const widened = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), file: { ...file, storageKey: 'mail/outbound/x' } })).toString('base64url');
    await expect(links.open(`${widened}.${signature}`, resource)).resolves.toBeUndefined();
    await expect(new DownloadLinks({ secret: `${secret}-other` }, verifier).open(token, resource)).resolves.toBeUndefined();
    // Two replicas with the same secret accept each other's links.
    await expect(new DownloadLinks({ secret }, verifier).open(token, resource)).resolves.toEqual(file);
    await expect(links.open('not.a-token', resource)).resolves.toBeUndefined();
    await expect(links.require(undefined, resource)).rejects.toMatchObject({ status: 401 });
  });

  it('stop opening once the session they were issued in has ended, and are not issued without a session', async () => {
    const links = new DownloadLinks({ secret }, verifier);
    const ending = await verifier.verify(await issuer.bearer('user-2', { sid: 'session-2' }));
    const { token } = links.issue(resource, file, ending);
    const kept = links.issue(resource, file, caller).token;
    await expect(links.open(token, resource)).resolves.toEqual(file);
    issuer.revokeSession('session-2');
    await waitFor(async () => ((await links.open(token, resource)) === undefined ? true : undefined), { timeout: 3_000, description: 'the link refused' });
    await expect(links.open(kept, resource)).resolves.toEqual(file);
    const sessionless = await verifier.verify(await issuer.bearer('user-3'));
    expect(() => links.issue(resource, file, sessionless)).toThrow('Authentication required');
  });
});
