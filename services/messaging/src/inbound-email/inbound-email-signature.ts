import { createHmac, timingSafeEqual, type Hmac } from 'node:crypto';

/** How far a delivery's timestamp may be from our clock: older (or future) deliveries are refused as replays. */
export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;

/**
 * The inbound-parse webhook's signature, in the Standard Webhooks scheme (standardwebhooks.com, used by Svix and the
 * providers that deliver through it): `webhook-signature` holds space-separated `v1,<base64 HMAC-SHA256>` entries
 * over `<webhook-id>.<webhook-timestamp>.<body>` with the secret's bytes (`whsec_<base64>`). The body is hashed as it
 * streams into storage, so a large message is never held in memory to be checked.
 */
export class InboundEmailSignature {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = secretBytes(secret);
  }

  /**
   * A running HMAC over the delivery, when its headers are well formed and its timestamp recent; otherwise null
   * (the caller answers 403 before reading the body).
   */
  start(id: string | undefined, timestamp: string | undefined, now = Date.now()): Hmac | null {
    if (!id || !timestamp || !/^[A-Za-z0-9_.:-]{1,256}$/.test(id) || !/^[0-9]{1,12}$/.test(timestamp)) return null;
    if (Math.abs(now / 1000 - Number(timestamp)) > SIGNATURE_TOLERANCE_SECONDS) return null;
    return createHmac('sha256', this.key).update(`${id}.${timestamp}.`);
  }

  /** Whether one of the header's `v1` signatures is the body's, compared in constant time. */
  static matches(hmac: Hmac, header: string | undefined): boolean {
    const expected = hmac.digest();
    return (header ?? '')
      .split(' ')
      .filter((entry) => entry.startsWith('v1,'))
      .some((entry) => {
        const given = Buffer.from(entry.slice(3), 'base64');
        return given.length === expected.length && timingSafeEqual(given, expected);
      });
  }
}

/** `whsec_<base64>` as Standard Webhooks gives it; the env schema has checked its form. */
export function secretBytes(secret: string): Buffer {
  return Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
}
