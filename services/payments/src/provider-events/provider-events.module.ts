import { Module } from '@nestjs/common';
import Stripe from 'stripe';
import { PAYMENTS_CONFIG, type PaymentsConfig } from '../config/payments-env.js';
import { LedgerModule } from '../ledger/ledger.module.js';
import { LedgerStore } from '../ledger/ledger-store.js';
import { NoticesModule } from '../notices/notices.module.js';
import { Receipts } from '../notices/receipts.js';
import { StripeWebhookController } from './stripe-webhook.controller.js';
import { StripeWebhookIntake } from './stripe-webhook-intake.js';

/** The provider's signed webhooks into the ledger: the only way money movement reaches it. */
@Module({
  imports: [LedgerModule, NoticesModule],
  controllers: [StripeWebhookController],
  providers: [
    {
      provide: StripeWebhookIntake,
      inject: [Stripe, PAYMENTS_CONFIG, LedgerStore, Receipts],
      useFactory: (stripe: Stripe, config: PaymentsConfig, store: LedgerStore, receipts: Receipts) =>
        new StripeWebhookIntake(stripe, config.STRIPE_WEBHOOK_SECRET, store, (tx, unitId, added) => receipts.forNewEntries(tx, unitId, added)),
    },
  ],
})
export class ProviderEventsModule {}
