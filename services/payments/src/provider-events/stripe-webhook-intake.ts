import type { EntityManager } from '@mikro-orm/postgresql';
import type Stripe from 'stripe';
import type { LedgerEntry } from '../ledger/ledger.js';
import { LedgerStore } from '../ledger/ledger-store.js';
import { table } from '../payments-tables.js';
import { invoiceOfPaymentIntent } from '../providers/stripe-invoices.js';
import { ledgerChangeOf, needsInvoiceOf } from './stripe-ledger-events.js';

export type WebhookOutcome = { status: 200; recorded: boolean } | { status: 400; message: string };

export const INVALID_STRIPE_SIGNATURE = 'Invalid Stripe signature';

/** What follows a believed event, in its transaction: acknowledged only once they are committed too. */
export interface IntakeReactions {
  /** Every believed event (a connected account's `account.updated`). */
  onEvent?: (tx: EntityManager, event: Stripe.Event) => Promise<unknown>;
  /** The ledger entries an event added (the tenant's receipt). */
  afterAppend?: (tx: EntityManager, unitId: string, added: readonly LedgerEntry[]) => Promise<unknown>;
}

/**
 * Stripe's webhooks into the ledger. A delivery is believed only when its `Stripe-Signature` holds over the body
 * exactly as posted (`constructEvent`, with Stripe's five-minute tolerance); otherwise 400 and nothing is read or
 * kept. A believed event is recorded with its ledger entries in one transaction, and only then acknowledged (200):
 * a process killed in between acknowledged nothing, so Stripe delivers the event again, and a delivery repeated or
 * concurrent with another changes nothing (the event and each entry are written once, by their ids).
 */
export class StripeWebhookIntake {
  constructor(
    private readonly stripe: Stripe,
    /** The endpoints' signing secrets: Stripe signs platform events and Connect events for two endpoints, each its own. */
    private readonly signingSecrets: string | readonly string[],
    private readonly ledger: LedgerStore = new LedgerStore(),
    private readonly reactions: IntakeReactions = {},
  ) {}

  async receive(em: EntityManager, rawBody: Buffer, signature: string | undefined): Promise<WebhookOutcome> {
    const event = this.verified(rawBody, signature ?? '');
    if (!event) return { status: 400, message: INVALID_STRIPE_SIGNATURE };
    // A recurring month's bank debit names its unit only through its invoice: read it before the transaction (a
    // failure answers 500 and Stripe delivers again).
    const paymentIntent = needsInvoiceOf(event);
    const change = ledgerChangeOf(event, paymentIntent ? await invoiceOfPaymentIntent(this.stripe, paymentIntent) : null);
    await em.transactional(async (tx) => {
      await tx.execute(
        `insert into ${table(tx, 'provider_event')} (provider, event_id, type, unit_id) values ('stripe', ?, ?, ?) on conflict do nothing`,
        [event.id, event.type, change?.unitId ?? null],
        'run',
      );
      await this.reactions.onEvent?.(tx, event);
      if (!change) return;
      const added = await this.ledger.appendNew(tx, change.unitId, change.entries);
      if (added.length > 0) await this.reactions.afterAppend?.(tx, change.unitId, added);
    });
    return { status: 200, recorded: change !== null };
  }

  private verified(rawBody: Buffer, signature: string): Stripe.Event | null {
    for (const secret of typeof this.signingSecrets === 'string' ? [this.signingSecrets] : this.signingSecrets) {
      try {
        return this.stripe.webhooks.constructEvent(rawBody, signature, secret);
      } catch {
        // Signed for another endpoint, or not by Stripe: the next secret, then 400.
      }
    }
    return null;
  }
}
