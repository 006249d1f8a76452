import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import Stripe from 'stripe';
import { DirectoryRepository } from '../directory/directory.repository.js';
import { LEDGER_METADATA } from '../provider-events/stripe-ledger-events.js';
import { RentSubscriptions } from './rent-subscriptions.js';

/**
 * What the provider's webhooks say of recurring rent, kept in `rent_subscription` (the months it debits reach the
 * ledger as `invoice.paid`, read with every other money movement in `ledgerChangeOf`):
 * - `customer.subscription.created|updated|deleted`: its state, periods and cancellation;
 * - `checkout.session.completed` of a subscription checkout: the checkout it was signed up on, the payer's receipt
 *   the success page verifies. The subscription is read from the provider then, since the checkout's event may come
 *   before the subscription's own.
 * A subscription whose unit payments does not know is not rent of ours and is left alone.
 */
@Injectable()
export class RecurringRentEvents {
  constructor(
    private readonly subscriptions: RentSubscriptions,
    private readonly directory: DirectoryRepository,
    private readonly stripe: Stripe,
  ) {}

  async onEvent(tx: EntityManager, event: Stripe.Event): Promise<void> {
    switch (event.type) {
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        await this.record(tx, event.data.object, event.created);
        return;
      case 'checkout.session.completed': {
        const session = event.data.object;
        const subscriptionId = typeof session.subscription === 'string' ? session.subscription : (session.subscription?.id ?? null);
        if (session.mode !== 'subscription' || !subscriptionId || !session.metadata?.[LEDGER_METADATA.unitId]) return;
        if (await this.record(tx, await this.stripe.subscriptions.retrieve(subscriptionId), event.created)) await this.subscriptions.linkCheckout(tx, subscriptionId, session.id);
        return;
      }
      default:
        return;
    }
  }

  private async record(tx: EntityManager, subscription: Stripe.Subscription, seenAt: number): Promise<boolean> {
    const unitId = subscription.metadata?.[LEDGER_METADATA.unitId];
    const place = unitId ? await this.directory.unit(tx, unitId) : null;
    if (!place) return false;
    return (await this.subscriptions.record(tx, subscription, place.accountId, seenAt)) !== null;
  }
}
