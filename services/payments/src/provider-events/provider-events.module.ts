import { Module } from '@nestjs/common';
import Stripe from 'stripe';
import { PAYMENTS_CONFIG, type PaymentsConfig } from '../config/payments-env.js';
import { LedgerModule } from '../ledger/ledger.module.js';
import { LedgerStore } from '../ledger/ledger-store.js';
import { StripeWebhookController } from './stripe-webhook.controller.js';
import { StripeWebhookIntake } from './stripe-webhook-intake.js';

/** The provider's signed webhooks into the ledger: the only way money movement reaches it. */
@Module({
  imports: [LedgerModule],
  controllers: [StripeWebhookController],
  providers: [
    {
      provide: StripeWebhookIntake,
      inject: [Stripe, PAYMENTS_CONFIG, LedgerStore],
      useFactory: (stripe: Stripe, config: PaymentsConfig, store: LedgerStore) => new StripeWebhookIntake(stripe, config.STRIPE_WEBHOOK_SECRET, store),
    },
  ],
})
export class ProviderEventsModule {}
