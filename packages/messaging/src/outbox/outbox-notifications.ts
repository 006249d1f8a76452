import type { EntityManager } from '@mikro-orm/core';
import type { PostgreSqlConnection } from '@mikro-orm/postgresql';
import type { PoolClient } from 'pg';
import { outboxChannelOf } from './outbox-housekeeping.migration.js';

interface Logger {
  warn(message: unknown, ...rest: unknown[]): void;
}

/** What wakes the relay: started with the callback to run on each wake-up. */
export interface OutboxWakeUps {
  start(onWake: () => void): void;
  stop(): Promise<void>;
}

/**
 * LISTENs on the schema's outbox channel (see OutboxHousekeepingMigration), on one connection taken from the ORM's
 * pool for as long as the relay runs. Every commit that inserted outbox rows, in any process, wakes the relay. After
 * a (re)connect it wakes the relay too: commits made while nobody listened were not heard.
 */
export class OutboxNotifications implements OutboxWakeUps {
  private client: PoolClient | undefined;
  private stopped = true;
  private retry: NodeJS.Timeout | undefined;
  private onWake: () => void = () => {};
  private readonly channel: string;
  private readonly released = new WeakSet<PoolClient>();

  constructor(
    private readonly em: EntityManager,
    private readonly logger: Logger,
    private readonly reconnectDelayMs = 1_000,
  ) {
    this.channel = outboxChannelOf(em.config.get('schema') ?? 'public');
  }

  start(onWake: () => void): void {
    this.onWake = onWake;
    this.stopped = false;
    void this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    if (client) {
      await client.query(`unlisten "${this.channel}"`).catch(() => undefined);
      this.release(client);
    }
  }

  private async connect(): Promise<void> {
    let client: PoolClient | undefined;
    try {
      const pool = await (this.em.getConnection() as PostgreSqlConnection).getNativeClient();
      client = await pool.connect();
      client.on('notification', (message) => {
        if (message.channel === this.channel) this.onWake();
      });
      client.on('error', (error) => this.lost(client!, error));
      await client.query(`listen "${this.channel}"`);
    } catch (error) {
      if (client) this.lost(client, error);
      else this.scheduleReconnect(error);
      return;
    }
    if (this.stopped) {
      this.release(client);
      return;
    }
    this.client = client;
    this.onWake();
  }

  private lost(client: PoolClient, error: unknown): void {
    if (this.client === client) this.client = undefined;
    if (this.released.has(client)) return;
    // Passing the error makes the pool destroy the connection instead of handing it out again.
    this.release(client, error instanceof Error ? error : new Error(String(error)));
    this.scheduleReconnect(error);
  }

  private release(client: PoolClient, error?: Error): void {
    if (this.released.has(client)) return;
    this.released.add(client);
    client.release(error);
  }

  private scheduleReconnect(error: unknown): void {
    if (this.stopped) return;
    this.logger.warn({ err: error, channel: this.channel }, 'outbox LISTEN connection lost; reconnecting');
    clearTimeout(this.retry);
    this.retry = setTimeout(() => void this.connect(), this.reconnectDelayMs);
  }
}
