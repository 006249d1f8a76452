import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { IDEMPOTENCY_KEY_RETENTION_MS } from '@pm/contracts';

/**
 * Deletes idempotency keys older than 24 h, every 10 minutes, in batches that lock only the rows they take (skipping
 * rows another replica's pruner holds), like the messaging tables' pruner. Reads ignore expired keys anyway, so how
 * late this runs changes only the table's size.
 */
@Injectable()
export class IdempotencyKeysPruner implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('IdempotencyKeysPruner');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(private readonly em: EntityManager) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.pruneOnce()
        .catch((error: unknown) => this.logger.error({ err: error }, 'pruning idempotency keys failed; retrying later'))
        .finally(() => (this.running = undefined));
    }, 10 * 60_000);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Deletes the expired keys; returns how many. */
  async pruneOnce(now: Date = new Date(), batchSize = 1_000): Promise<number> {
    const table = `"${this.em.config.get('schema') ?? 'public'}"."idempotency_key"`;
    const connection = this.em.getConnection();
    const olderThan = new Date(now.getTime() - IDEMPOTENCY_KEY_RETENTION_MS);
    let total = 0;
    for (;;) {
      const result = await connection.execute<{ affectedRows: number }>(
        `delete from ${table} where ("caller", "key") in (
          select "caller", "key" from ${table} where "created_at" < ? limit ? for update skip locked)`,
        [olderThan, batchSize],
        'run',
      );
      total += result.affectedRows;
      if (result.affectedRows < batchSize) return total;
    }
  }
}
