import { Module } from '@nestjs/common';
import { Paddle } from '@paddle/paddle-node-sdk';
import { PAYMENTS_CONFIG, type PaymentsConfig } from '../config/payments-env.js';
import { paddleClientOf } from './paddle-client.js';
import { PlanPrices } from './paddle-plans.js';
import { PaddleWebhookController } from './paddle-webhook.controller.js';
import { PaddleWebhookIntake } from './paddle-webhook-intake.js';
import { PlanSubscriptions } from './plan-subscriptions.js';

/** The platform's own plans, sold through Paddle Billing: checkout, the accounts' subscriptions from Paddle's webhooks. */
@Module({
  controllers: [PaddleWebhookController],
  providers: [
    { provide: Paddle, inject: [PAYMENTS_CONFIG], useFactory: (config: PaymentsConfig) => paddleClientOf(config) },
    { provide: PlanPrices, inject: [Paddle, PAYMENTS_CONFIG], useFactory: (paddle: Paddle, config: PaymentsConfig) => new PlanPrices(paddle, config.PADDLE_PRICE_IDS) },
    PlanSubscriptions,
    {
      provide: PaddleWebhookIntake,
      inject: [Paddle, PAYMENTS_CONFIG, PlanSubscriptions, PlanPrices],
      useFactory: (paddle: Paddle, config: PaymentsConfig, subscriptions: PlanSubscriptions, prices: PlanPrices) => new PaddleWebhookIntake(paddle, config.PADDLE_WEBHOOK_SECRET, subscriptions, prices),
    },
  ],
  exports: [Paddle, PlanPrices, PlanSubscriptions],
})
export class PlansModule {}
