// The validator alone: the package's entry point would load its whole REST client for nothing.
import { getExpectedTwilioSignature, validateRequest } from 'twilio/lib/webhooks/webhooks.js';

/** Posted form parameters as the signature covers them: a name posted twice keeps both values. */
export type SignedParams = Record<string, string | string[]>;

/**
 * `X-Twilio-Signature`: HMAC-SHA1 with the auth token over the full URL the provider posted to followed by every
 * posted parameter, name then value, sorted by name (Twilio's scheme, checked by the `twilio` package's validator).
 * The local sandbox phone signs with its own secret the same way, so the local path is the production path.
 */
export function hasValidSignature(authToken: string, signature: string | undefined, url: string, params: SignedParams): boolean {
  if (!signature || signature.length > 100) return false;
  return validateRequest(authToken, signature, url, params);
}

/** The signature a provider sends for these parameters: what the sandbox phone and the tests sign with. */
export function twilioSignature(authToken: string, url: string, params: SignedParams): string {
  return getExpectedTwilioSignature(authToken, url, params);
}
