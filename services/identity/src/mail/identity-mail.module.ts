import { Inject, Module, type OnModuleDestroy } from '@nestjs/common';
import { createMailSender, MAIL_SENDER, type MailSender } from '@pm/mail';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config/identity-env.js';
import { IdentityMails } from './identity-mails.js';

/** Identity's e-mails (verification, recovery) over the configured SMTP server; the connection closes with the app. */
@Module({
  providers: [
    { provide: MAIL_SENDER, inject: [IDENTITY_CONFIG], useFactory: (config: IdentityConfig) => createMailSender({ url: config.SMTP_URL, from: config.MAIL_FROM }) },
    IdentityMails,
  ],
  exports: [IdentityMails],
})
export class IdentityMailModule implements OnModuleDestroy {
  constructor(@Inject(MAIL_SENDER) private readonly mail: MailSender) {}

  async onModuleDestroy(): Promise<void> {
    await this.mail.close();
  }
}
