/** Spec 001 §9 and spec 000: the inbox lists and the unread count refresh every 30 s. */
export const INBOX_POLL_MS = 30_000;
