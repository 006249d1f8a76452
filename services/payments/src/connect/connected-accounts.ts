import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { table } from '../payments-tables.js';

/** Which Stripe connected account receives each product account's rent. */
@Injectable()
export class ConnectedAccounts {
  async of(em: EntityManager, accountId: string): Promise<string | null> {
    const [row] = await em.execute<{ stripe_account_id: string }[]>(`select stripe_account_id from ${table(em, 'connected_account')} where account_id = ?`, [accountId], 'all');
    return row?.stripe_account_id ?? null;
  }

  /** Keeps the first connected account made for the account (a second, concurrent onboarding made the same one). */
  async remember(em: EntityManager, accountId: string, stripeAccountId: string): Promise<string> {
    await em.execute(`insert into ${table(em, 'connected_account')} (account_id, stripe_account_id) values (?, ?) on conflict (account_id) do nothing`, [accountId, stripeAccountId], 'run');
    return (await this.of(em, accountId))!;
  }
}
