import { createHmac } from 'node:crypto';

/**
 * Paddle's `Paddle-Signature` header: `ts=<unix seconds>;h1=<hex HMAC-SHA256 of "<ts>:<raw body>" keyed by the
 * destination's secret key>`. The timestamp is real time, never the sandbox clock, and is taken anew for each attempt:
 * the SDK's `webhooks.unmarshal` refuses a signature more than five seconds old.
 */
export function paddleSignature(rawBody: string, secretKey: string, timestampSec = Math.floor(Date.now() / 1000)): string {
  const h1 = createHmac('sha256', secretKey).update(`${timestampSec}:${rawBody}`, 'utf8').digest('hex');
  return `ts=${timestampSec};h1=${h1}`;
}
