import type { EntityManager } from '@mikro-orm/core';
import { OUTBOX_RETENTION_MS } from './retention-windows.js';

export interface MessagingTablesPrunerOptions {
  /** How long inbox rows stay after handling: `inboxRetentionMs(<the service's consumer options>)`. */
  inboxRetentionMs: number;
  /** How long published outbox rows stay. */
  outboxRetentionMs?: number;
  /** Rows deleted per statement: each statement is its own short transaction. */
  batchSize?: number;
  intervalMs?: number;
}

interface Logger {
  error(message: unknown, ...rest: unknown[]): void;
}

export interface PruneResult {
  outbox: number;
  inbox: number;
}

/**
 * Deletes published outbox rows and handled inbox rows once they can no longer matter (see retention-windows.ts).
 * Deletes go in small batches that lock only the rows they take, skipping rows another replica's pruner (or a
 * relay) holds, so any number of replicas can run it at once and no statement holds the table.
 */
export class MessagingTablesPruner {
  private readonly outboxRetentionMs: number;
  private readonly batchSize: number;
  private readonly intervalMs: number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private readonly outboxTable: string;
  private readonly inboxTable: string;

  constructor(
    private readonly em: EntityManager,
    private readonly logger: Logger,
    private readonly options: MessagingTablesPrunerOptions,
  ) {
    this.outboxRetentionMs = options.outboxRetentionMs ?? OUTBOX_RETENTION_MS;
    this.batchSize = options.batchSize ?? 1_000;
    this.intervalMs = options.intervalMs ?? 60_000;
    const schema = em.config.get('schema') ?? 'public';
    this.outboxTable = `"${schema}"."outbox"`;
    this.inboxTable = `"${schema}"."inbox"`;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.pruneOnce()
        .catch((error: unknown) => this.logger.error({ err: error }, 'pruning the outbox and inbox failed; retrying later'))
        .finally(() => (this.running = undefined));
    }, this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  async pruneOnce(now: Date = new Date()): Promise<PruneResult> {
    const outbox = await this.deleteInBatches(
      `delete from ${this.outboxTable} where "id" in (
        select "id" from ${this.outboxTable} where "published_at" < ? limit ? for update skip locked)`,
      new Date(now.getTime() - this.outboxRetentionMs),
    );
    const inbox = await this.deleteInBatches(
      `delete from ${this.inboxTable} where ("consumer", "event_id") in (
        select "consumer", "event_id" from ${this.inboxTable} where "processed_at" < ? limit ? for update skip locked)`,
      new Date(now.getTime() - this.options.inboxRetentionMs),
    );
    return { outbox, inbox };
  }

  private async deleteInBatches(sql: string, olderThan: Date): Promise<number> {
    const connection = this.em.getConnection();
    let total = 0;
    for (;;) {
      const result = await connection.execute<{ affectedRows: number }>(sql, [olderThan, this.batchSize], 'run');
      total += result.affectedRows;
      if (result.affectedRows < this.batchSize) return total;
    }
  }
}
