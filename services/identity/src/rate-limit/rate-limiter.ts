import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { identityMessages } from '@pm/contracts';
import { RpcFailure } from '@pm/messaging';
import { IDENTITY_CONFIG, tableOf, type IdentityConfig } from '../config/identity-env.js';
import { Clock } from '../clock.js';

export type LimitedAction = 'sign-in' | 'sign-up' | 'forgot-password' | 'resend-verification' | 'anonymous' | 'change-password';

/**
 * Fixed one-minute windows counted in PostgreSQL, so every replica shares the count: one counter per client IP and
 * one per e-mail address, per action. Over the limit → 429 with the product's message.
 */
@Injectable()
export class RateLimiter {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async hit(action: LimitedAction, clientIp: string, email?: string): Promise<void> {
    const checks: [string, number][] = [[`${action}:ip:${clientIp}`, this.config.RATE_LIMIT_PER_IP]];
    if (email) checks.push([`${action}:email:${email.toLowerCase()}`, this.config.RATE_LIMIT_PER_EMAIL]);
    const now = this.clock.now();
    const window = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
    let over = false;
    for (const [key, limit] of checks) {
      const rows = await this.em.getConnection().execute<{ count: number }[]>(
        `insert into ${tableOf(this.config, 'rate_limit_hits')} ("key", "window_start", "count") values (?, ?, 1)
         on conflict ("key", "window_start") do update set "count" = excluded."count" + ${tableOf(this.config, 'rate_limit_hits')}."count"
         returning "count"`,
        [key, window],
      );
      if (Number(rows[0]?.count ?? 0) > limit) over = true;
    }
    // Old windows are useless; trimming now and then keeps the table at a few minutes of rows.
    if (Math.random() < 0.02) {
      await this.em.getConnection().execute(`delete from ${tableOf(this.config, 'rate_limit_hits')} where "window_start" < ?`, [new Date(window.getTime() - 10 * 60_000)]);
    }
    if (over) throw new RpcFailure(429, identityMessages.tooManyRequests, 'rate_limited');
  }
}
