import { Global, Inject, Module, type DynamicModule, type OnModuleDestroy } from '@nestjs/common';
import { createMailSender, MAIL_SENDER, type MailSender } from '@pm/mail';
import { PORTFOLIO_CONFIG, type PortfolioConfig } from './portfolio-env.js';

/** The configuration and the outbound mail adapter, available to every portfolio feature. */
@Global()
@Module({})
export class PortfolioConfigModule implements OnModuleDestroy {
  constructor(@Inject(MAIL_SENDER) private readonly mail: MailSender) {}

  static forRoot(config: PortfolioConfig): DynamicModule {
    return {
      module: PortfolioConfigModule,
      providers: [
        { provide: PORTFOLIO_CONFIG, useValue: config },
        { provide: MAIL_SENDER, useFactory: () => createMailSender({ url: config.SMTP_URL, from: config.MAIL_FROM }) },
      ],
      exports: [PORTFOLIO_CONFIG, MAIL_SENDER],
    };
  }

  async onModuleDestroy(): Promise<void> {
    await this.mail.close();
  }
}
