import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ConnectAccountActivated } from '@pm/contracts';
import { recordEvent } from '@pm/messaging';
import type Stripe from 'stripe';
import { table } from '../payments-tables.js';

/** Which Stripe connected account receives each product account's rent. */
@Injectable()
export class ConnectedAccounts {
  async of(em: EntityManager, accountId: string): Promise<string | null> {
    const [row] = await em.execute<{ stripe_account_id: string }[]>(`select stripe_account_id from ${table(em, 'connected_account')} where account_id = ?`, [accountId], 'all');
    return row?.stripe_account_id ?? null;
  }

  /**
   * Stripe's `account.updated` for one of ours: the first time it can take charges and pay out, the account is marked
   * activated and `ConnectAccountActivated` is recorded (portfolio's onboarding step), once.
   */
  async updated(em: EntityManager, account: Stripe.Account): Promise<void> {
    if (!account.charges_enabled || !account.payouts_enabled) return;
    const activated = await em.execute<{ account_id: string }[]>(
      `update ${table(em, 'connected_account')} set activated_at = now() where stripe_account_id = ? and activated_at is null returning account_id`,
      [account.id],
      'all',
    );
    for (const row of activated) recordEvent(em, ConnectAccountActivated, { accountId: row.account_id, stripeAccountId: account.id });
  }

  /** Keeps the first connected account made for the account (a second, concurrent onboarding made the same one). */
  async remember(em: EntityManager, accountId: string, stripeAccountId: string): Promise<string> {
    await em.execute(`insert into ${table(em, 'connected_account')} (account_id, stripe_account_id) values (?, ?) on conflict (account_id) do nothing`, [accountId, stripeAccountId], 'run');
    return (await this.of(em, accountId))!;
  }
}
