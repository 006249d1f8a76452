import { Module } from '@nestjs/common';
import Stripe from 'stripe';
import { PAYMENTS_CONFIG, type PaymentsConfig } from '../config/payments-env.js';
import { LedgerModule } from '../ledger/ledger.module.js';
import { ConnectModule } from '../connect/connect.module.js';
import { ConnectedAccounts } from '../connect/connected-accounts.js';
import { LedgerStore } from '../ledger/ledger-store.js';
import { NoticesModule } from '../notices/notices.module.js';
import { Receipts } from '../notices/receipts.js';
import { RecurringRentEvents } from '../rent/recurring-rent-events.js';
import { RentModule } from '../rent/rent.module.js';
import { StripeWebhookController } from './stripe-webhook.controller.js';
import { StripeWebhookIntake } from './stripe-webhook-intake.js';

/** The provider's signed webhooks into the ledger: the only way money movement reaches it. */
@Module({
  imports: [LedgerModule, NoticesModule, ConnectModule, RentModule],
  controllers: [StripeWebhookController],
  providers: [
    {
      provide: StripeWebhookIntake,
      inject: [Stripe, PAYMENTS_CONFIG, LedgerStore, Receipts, ConnectedAccounts, RecurringRentEvents],
      useFactory: (stripe: Stripe, config: PaymentsConfig, store: LedgerStore, receipts: Receipts, accounts: ConnectedAccounts, recurringRent: RecurringRentEvents) =>
        new StripeWebhookIntake(stripe, config.STRIPE_WEBHOOK_SECRET, store, {
          onEvent: async (tx, event) => {
            if (event.type === 'account.updated') await accounts.updated(tx, event.data.object);
            await recurringRent.onEvent(tx, event);
          },
          afterAppend: (tx, unitId, added) => receipts.forNewEntries(tx, unitId, added),
        }),
    },
  ],
})
export class ProviderEventsModule {}
