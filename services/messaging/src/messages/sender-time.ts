/** The oldest a sender's own time may be and still date a message: a few weeks of history, no more. */
export const SENDER_TIME_MAX_AGE_MS = 60 * 24 * 3_600_000;
/**
 * How old a sender's time must be to date a message. A `Date` header is the sender's clock when they composed, to the
 * second: for what was just sent our clock is the better record, and keeps the order in which messages arrived.
 */
export const SENDER_TIME_MIN_AGE_MS = 15 * 60_000;

/**
 * When an inbound message is dated. Our clock, always, where the product runs for real: the thread export proves
 * what was said and when, so a time the sender wrote (an e-mail's `Date` header) must not become the record. In the
 * local sandbox profile (`SMS_PROVIDER=sandbox`: the demo and development) the sender's time is taken, so the demo's
 * conversations can be entered through the real inputs with a history of weeks: the e-mail's `Date` header, or the
 * sandbox's own signed `SandboxSentAt` for a text (Twilio posts no time of its own). Only a time between
 * SENDER_TIME_MAX_AGE_MS and SENDER_TIME_MIN_AGE_MS ago dates a message; anything else is dated now.
 */
export function receivedAtOf(senderTime: Date | null | undefined, provider: string, now = new Date()): Date {
  if (provider !== 'sandbox' || !senderTime || Number.isNaN(senderTime.getTime())) return now;
  const age = now.getTime() - senderTime.getTime();
  return age >= SENDER_TIME_MIN_AGE_MS && age <= SENDER_TIME_MAX_AGE_MS ? senderTime : now;
}
