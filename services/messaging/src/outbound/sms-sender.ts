/** An SMS to hand to a carrier: from one of the locations' numbers to a phone, both E.164. */
export interface OutgoingSms {
  from: string;
  to: string;
  body: string;
  /** Public URLs of media for an MMS. */
  mediaUrls?: readonly string[];
}

/**
 * Why a carrier refused a message. `permanent` ends the send `failed` at once (an invalid or unsubscribed number);
 * anything else is retried with backoff.
 */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

/**
 * The SMS provider port: Twilio in production; the sandbox carrier locally, which delivers to the sandbox phone.
 * Answers the carrier's id of the message.
 */
export interface SmsSender {
  readonly provider: string;
  /**
   * True when the carrier itself refuses a second message for the same `deliveryId`, so that a send interrupted by a
   * crash may be tried again; false (Twilio's REST API has no idempotency key) makes the dispatcher end such a send
   * failed instead of risking a second text to the tenant.
   */
  readonly idempotent: boolean;
  send(sms: OutgoingSms, deliveryId: string): Promise<{ providerId: string }>;
}

export const SMS_SENDER = Symbol('SMS_SENDER');
