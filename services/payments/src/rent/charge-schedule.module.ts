import { MikroORM } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Logger, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { PAYMENTS_CONFIG, type PaymentsConfig } from '../config/payments-env.js';
import { ChargeSchedule } from './charge-schedule.js';
import { RentModule } from './rent.module.js';

/**
 * Runs the charge schedule in the service: at start and then every RENT_SCHEDULE_INTERVAL_MS, every unit's due rent
 * and late fees are posted in its own transaction. Posting is idempotent (charges are named by unit and period), so
 * replicas running it side by side, or a run repeated after a crash, post each charge once.
 */
@Module({ imports: [RentModule] })
export class ChargeScheduleModule implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ChargeSchedule');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly orm: MikroORM,
    private readonly schedule: ChargeSchedule,
    @Inject(PAYMENTS_CONFIG) private readonly config: PaymentsConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.RENT_SCHEDULE_INTERVAL_MS === 0) return;
    const tick = (): void => {
      this.running = this.runOnce().finally(() => {
        this.running = undefined;
      });
    };
    tick();
    this.timer = setInterval(tick, this.config.RENT_SCHEDULE_INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private async runOnce(): Promise<void> {
    try {
      const { units, posted } = await (this.orm.em.fork() as EntityManager).transactional((em) => this.schedule.postAllDue(em, new Date()));
      if (posted > 0) this.logger.log({ units, posted }, 'rent charges and late fees posted');
    } catch (error) {
      this.logger.error({ err: error }, 'the charge schedule run failed; the next run posts what it missed');
    }
  }
}
