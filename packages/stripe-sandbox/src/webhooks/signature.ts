import { createHmac } from 'node:crypto';

/**
 * Stripe's `Stripe-Signature` header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed by the
 * endpoint secret>`. The timestamp is real time, not the sandbox clock: receivers check it against their own clock
 * (stripe-node allows 300 s), so an advanced sandbox clock must not leak into it.
 */
export function signatureHeader(payload: string, secret: string, timestampSec = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${timestampSec}.${payload}`, 'utf8').digest('hex');
  return `t=${timestampSec},v1=${v1}`;
}
