/** One e-mail, as the product writes it: a plain-text body always, an HTML body when it has one. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
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
