import type { EntityManager } from '@mikro-orm/postgresql';
import type { Paddle, SubscriptionNotification } from '@paddle/paddle-node-sdk';
import { table } from './plans-tables.js';
import type { PlanPrices } from './paddle-plans.js';
import type { PlanSubscriptions } from './plan-subscriptions.js';

export const INVALID_PADDLE_SIGNATURE = 'Invalid Paddle signature';

export type PaddleWebhookOutcome = { status: 200; recorded: boolean } | { status: 400; message: string };

/**
 * Paddle's notifications into each account's plan. A delivery is believed only when `webhooks.unmarshal` accepts its
 * `Paddle-Signature` over the body exactly as posted (HMAC-SHA256 with the destination's secret key, at most five
 * seconds old); otherwise 400 and nothing is read or kept. The event is recorded by its id (`provider_event`,
 * provider `paddle`) with what it changes, in one transaction, and only then acknowledged: a delivery repeated, or
 * concurrent with another, changes nothing the second time, and one lost before the commit is delivered again.
 */
export class PaddleWebhookIntake {
  constructor(
    private readonly paddle: Paddle,
    private readonly secretKey: string,
    private readonly subscriptions: PlanSubscriptions,
    private readonly prices: PlanPrices,
  ) {}

  async receive(em: EntityManager, rawBody: Buffer, signature: string | undefined): Promise<PaddleWebhookOutcome> {
    let event;
    try {
      event = await this.paddle.webhooks.unmarshal(rawBody.toString('utf8'), this.secretKey, signature ?? '');
    } catch {
      return { status: 400, message: INVALID_PADDLE_SIGNATURE };
    }
    // Only subscription events change a plan; transactions and customers are recorded and otherwise left to Paddle.
    const subscription = event.eventType.startsWith('subscription.') ? (event.data as SubscriptionNotification) : null;
    const priceOf = subscription?.items[0]?.price;
    const plan = priceOf ? await this.prices.planOf(priceOf) : null;
    let recorded = false;
    await em.transactional(async (tx) => {
      const fresh = await tx.execute<{ event_id: string }[]>(
        `insert into ${table(tx, 'provider_event')} (provider, event_id, type, unit_id) values ('paddle', ?, ?, null) on conflict do nothing returning event_id`,
        [event.eventId, event.eventType],
        'all',
      );
      if (fresh.length === 0 || !subscription || !plan) return;
      const accountId = await this.subscriptions.accountOf(tx, subscription);
      if (!accountId) return; // a subscription not made through our checkout: nothing of ours to change
      recorded = await this.subscriptions.apply(tx, { accountId, plan, subscription, eventId: event.eventId, occurredAt: event.occurredAt });
    });
    return { status: 200, recorded };
  }
}
