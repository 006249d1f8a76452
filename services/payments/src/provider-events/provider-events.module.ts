import { Module } from '@nestjs/common';
import Stripe from 'stripe';
import { PAYMENTS_CONFIG, type PaymentsConfig } from '../config/payments-env.js';
import { LedgerModule } from '../ledger/ledger.module.js';
import { ConnectModule } from '../connect/connect.module.js';
import { ConnectedAccounts } from '../connect/connected-accounts.js';
import { LedgerStore } from '../ledger/ledger-store.js';
import { NoticesModule } from '../notices/notices.module.js';
import { Receipts } from '../notices/receipts.js';
import { StripeWebhookController } from './stripe-webhook.controller.js';
import { StripeWebhookIntake } from './stripe-webhook-intake.js';

/** The provider's signed webhooks into the ledger: the only way money movement reaches it. */
@Module({
  imports: [LedgerModule, NoticesModule, ConnectModule],
  controllers: [StripeWebhookController],
  providers: [
    {
      provide: StripeWebhookIntake,
      inject: [Stripe, PAYMENTS_CONFIG, LedgerStore, Receipts, ConnectedAccounts],
      useFactory: (stripe: Stripe, config: PaymentsConfig, store: LedgerStore, receipts: Receipts, accounts: ConnectedAccounts) =>
        new StripeWebhookIntake(stripe, config.STRIPE_WEBHOOK_SECRET, store, {
          onEvent: (tx, event) => (event.type === 'account.updated' ? accounts.updated(tx, event.data.object) : Promise.resolve()),
          afterAppend: (tx, unitId, added) => receipts.forNewEntries(tx, unitId, added),
        }),
    },
  ],
})
export class ProviderEventsModule {}
