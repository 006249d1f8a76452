import { Inject, Injectable } from '@nestjs/common';
import { MAIL_SENDER, type MailSender } from '@pm/mail';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config/identity-env.js';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The e-mails identity sends; links point at the BFF under the public web address (one origin for the browser). */
@Injectable()
export class IdentityMails {
  constructor(
    @Inject(MAIL_SENDER) private readonly sender: MailSender,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  verificationLink(token: string): string {
    return `${this.config.PUBLIC_WEB_URL}/api/auth/verify-email?token=${encodeURIComponent(token)}`;
  }

  recoveryLink(token: string): string {
    return `${this.config.PUBLIC_WEB_URL}/api/auth/recover?token=${encodeURIComponent(token)}`;
  }

  async sendVerification(to: string, fullName: string, token: string): Promise<void> {
    const link = this.verificationLink(token);
    await this.sender.send({
      to,
      subject: 'Confirm your email',
      text: `Hi ${fullName},\n\nFollow this link to confirm your email address:\n\n${link}\n\nThe link works once and expires in 24 hours.\n`,
      html: `<p>Hi ${escapeHtml(fullName)},</p><p>Follow this link to confirm your email address:</p><p><a href="${escapeHtml(link)}">Confirm your email</a></p><p>The link works once and expires in 24 hours.</p>`,
    });
  }

  async sendRecovery(to: string, token: string): Promise<void> {
    const link = this.recoveryLink(token);
    await this.sender.send({
      to,
      subject: 'Reset your password',
      text: `Follow this link to reset the password for your account:\n\n${link}\n\nThe link works once and expires in 1 hour. If you did not ask for it, ignore this e-mail.\n`,
      html: `<p>Follow this link to reset the password for your account:</p><p><a href="${escapeHtml(link)}">Reset password</a></p><p>The link works once and expires in 1 hour. If you did not ask for it, ignore this e-mail.</p>`,
    });
  }
}
