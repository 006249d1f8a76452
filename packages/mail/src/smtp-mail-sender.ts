import nodemailer, { type Transporter } from 'nodemailer';
import type { MailSender, OutgoingMail } from './mail-sender.js';

export interface SmtpMailSenderOptions {
  /** `smtp://host:port` (the local sink), `smtps://user:password@smtp.provider.com:465` or `smtp://…?requireTLS=true`. */
  url: string;
  /** `Name <address>`. */
  from: string;
  /** Connection, greeting and socket inactivity limits; nodemailer's defaults (up to 10 minutes) when unset. */
  timeoutMs?: number;
}

/**
 * SMTP through nodemailer: every transactional-mail provider (SES, Postmark, SendGrid, Mailgun…) accepts SMTP, so
 * production only changes the URL; locally the URL points at the sink, which keeps every message for the web UI.
 */
export class SmtpMailSender implements MailSender {
  private readonly transport: Transporter;

  constructor(private readonly options: SmtpMailSenderOptions) {
    const url = new URL(options.url);
    const local = ['127.0.0.1', 'localhost', '::1'].includes(url.hostname);
    this.transport = nodemailer.createTransport({
      url: options.url,
      pool: true,
      ...(options.timeoutMs ? { connectionTimeout: options.timeoutMs, greetingTimeout: options.timeoutMs, socketTimeout: options.timeoutMs } : {}),
      // The local sink speaks plain SMTP without STARTTLS; never downgrade a remote provider.
      ...(local ? { ignoreTLS: true } : {}),
    } as Parameters<typeof nodemailer.createTransport>[0]);
  }

  async send(mail: OutgoingMail): Promise<{ messageId: string }> {
    const info = await this.transport.sendMail({
      from: mail.from ?? this.options.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.html ? { html: mail.html } : {}),
      ...(mail.messageId ? { messageId: `<${mail.messageId}>` } : {}),
      ...(mail.inReplyTo ? { inReplyTo: `<${mail.inReplyTo}>` } : {}),
      ...(mail.references?.length ? { references: mail.references.map((id) => `<${id}>`) } : {}),
      ...(mail.attachments?.length
        ? { attachments: mail.attachments.map((a) => ({ filename: a.fileName, contentType: a.contentType, content: a.content })) }
        : {}),
    });
    return { messageId: String(info.messageId) };
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}

export function createMailSender(options: SmtpMailSenderOptions): MailSender {
  return new SmtpMailSender(options);
}
