import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { MAIL_SENDER, type MailSender } from '@pm/mail';
import { MESSAGING_CONFIG, type MessagingConfig } from '../config/messaging-env.js';
import { OutboundDispatcher } from './outbound-dispatcher.js';

/**
 * Runs the dispatcher in the messaging process: passes back to back while there is work, one query every
 * OUTBOUND_POLL_MS while idle. On shutdown it stops taking sends and waits for the pass under way, so a send is
 * never cut off between the provider's answer and its record.
 */
@Injectable()
export class OutboundDispatchWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('OutboundDispatchWorker');
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly dispatcher: OutboundDispatcher,
    @Inject(MESSAGING_CONFIG) private readonly config: MessagingConfig,
    @Inject(MAIL_SENDER) private readonly mail: MailSender,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.OUTBOUND_DISPATCH) this.schedule(0);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    await this.mail.close();
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.pass().then((next) => this.schedule(next));
    }, delay);
  }

  /** One pass; answers the delay before the next: none while a full batch came back, else the poll interval. */
  private async pass(): Promise<number> {
    try {
      const claimed = await this.dispatcher.runOnce();
      return claimed >= BATCH_SIZE ? 0 : this.config.OUTBOUND_POLL_MS;
    } catch (error) {
      this.logger.error({ err: error }, 'a dispatch pass failed; trying again');
      return Math.max(this.config.OUTBOUND_POLL_MS, 1_000);
    }
  }
}

export const BATCH_SIZE = 10;
