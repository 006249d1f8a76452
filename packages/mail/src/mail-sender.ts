import type { Readable } from 'node:stream';

/** One e-mail, as the product writes it: a plain-text body always, an HTML body when it has one. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** `Name <address>` or an address; the sender's configured one when absent (a location's replies come from its own). */
  from?: string;
  /** Our own `Message-ID` (without angle brackets), so that the recipient's reply threads back to us. */
  messageId?: string;
  /** The message this one answers, and the thread before it (ids without angle brackets, oldest first). */
  inReplyTo?: string;
  references?: readonly string[];
  attachments?: readonly OutgoingAttachment[];
}

/** A file sent with an e-mail; `content` is read as the message is written (a stream from the file store). */
export interface OutgoingAttachment {
  fileName: string;
  contentType: string;
  content: Readable | Buffer;
}

/**
 * Outbound e-mail. Services depend on this interface only; which transport carries the message is configuration
 * (the SMTP sink locally, a provider in production).
 */
export interface MailSender {
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
  close(): Promise<void>;
}

/** Nest injection token for the MailSender of a service. */
export const MAIL_SENDER = Symbol('MAIL_SENDER');
