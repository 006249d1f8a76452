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
  send(sms: OutgoingSms): Promise<{ providerId: string }>;
}

export const SMS_SENDER = Symbol('SMS_SENDER');
