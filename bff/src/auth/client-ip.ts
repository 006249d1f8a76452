import { isIP } from 'node:net';
import type { Request } from 'express';

const loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * The caller's address for identity's per-IP rate limits. X-Forwarded-For is believed only from a loopback peer
 * (the Vite dev proxy, a sidecar or ingress on the same host); anyone else could write any address into it.
 */
export function clientIp(req: Request): string {
  const peer = req.socket.remoteAddress ?? 'unknown';
  if (loopback.has(peer)) {
    const forwarded = String(req.headers['x-forwarded-for'] ?? '').split(',')[0]?.trim();
    if (forwarded && isIP(forwarded)) return forwarded;
  }
  return peer;
}
