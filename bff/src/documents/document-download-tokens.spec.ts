import { DocumentDownloadTokens, DOWNLOAD_TOKEN_TTL_SECONDS } from './document-download-tokens.js';

const grant = { documentId: '01937c40-0a1b-7c2d-8e3f-4a5b6c7d8e01', storageKey: 'vault/documents/01937c40-0a1b-7c2d-8e3f-4a5b6c7d8e03', previewKey: null, fileName: 'Lease.pdf', mimeType: 'application/pdf' };
const secret = 'a-service-client-secret-of-32-characters!';

describe('document download tokens', () => {
  it('grant their document until they expire, then nothing', () => {
    const tokens = new DocumentDownloadTokens({ secret });
    const now = Date.parse('2026-11-25T10:00:00Z');
    const { token, expiresAt } = tokens.issue(grant, now);
    expect(expiresAt).toBe(now / 1000 + DOWNLOAD_TOKEN_TTL_SECONDS);
    expect(tokens.verify(token, grant.documentId, now + 4 * 60_000)).toMatchObject(grant);
    expect(tokens.verify(token, grant.documentId, now + DOWNLOAD_TOKEN_TTL_SECONDS * 1000)).toBeUndefined();
  });

  it('are refused for another document, when altered, or when signed with another key', () => {
    const tokens = new DocumentDownloadTokens({ secret });
    const { token } = tokens.issue(grant);
    expect(tokens.verify(token, '01937c40-0a1b-7c2d-8e3f-4a5b6c7d8e02')).toBeUndefined();
    const [payload, signature] = token.split('.');
    const widened = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), storageKey: 'mail/outbound/x' })).toString('base64url');
    expect(tokens.verify(`${widened}.${signature}`, grant.documentId)).toBeUndefined();
    expect(new DocumentDownloadTokens({ secret: `${secret}-other` }).verify(token, grant.documentId)).toBeUndefined();
    // Two replicas with the same secret accept each other's tokens.
    expect(new DocumentDownloadTokens({ secret }).verify(token, grant.documentId)).toMatchObject(grant);
    expect(tokens.verify('not.a-token', grant.documentId)).toBeUndefined();
  });
});
