import { JwtVerifier, type Principal } from '@pm/nest-kit';
import { DOWNLOAD_LINK_TTL_SECONDS, DownloadLinks } from '../../src/files/download-links.js';
import type { PlatformSession } from './property-manager.js';
import type { TestPlatform } from './start-test-platform.js';

/**
 * The link token `token` (issued by the platform's BFF) issued again with the BFF's own key to the same session,
 * resource and file, as if at `issuedAt`: with a time past a link's life it is the same link, expired. (Issuing
 * checks no token, so the verifier here is never asked.)
 */
export function reissuedLink(platform: TestPlatform, session: PlatformSession, token: string, issuedAt: number): string {
  const { resource, file } = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString('utf8')) as { resource: string; file: never };
  const claims = JSON.parse(Buffer.from(session.authorization.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
  const caller: Principal = { kind: 'user', userId: String(claims['sub']), isAnonymous: false, email: undefined, claims };
  const unused = new JwtVerifier({ jwksUrl: 'http://127.0.0.1:9/.well-known/jwks.json', issuer: 'unused', audience: 'unused' });
  return new DownloadLinks({ secret: platform.bffSecret }, unused).issue(resource, file, caller, issuedAt).token;
}

/** A time a link issued at is past its life now. */
export const expiredIssueTime = (): number => Date.now() - (DOWNLOAD_LINK_TTL_SECONDS + 1) * 1000;
