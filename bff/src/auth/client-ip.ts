import type { Request } from 'express';

/**
 * The caller's address for identity's per-IP rate limits. Express works it out under the app's `trust proxy`
 * setting (TRUSTED_PROXIES, see create-bff.ts): X-Forwarded-For is read only through the configured proxies, from
 * the right, so a client cannot choose its address by writing the header itself.
 */
export function clientIp(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}
