import { Global, Module, type DynamicModule } from '@nestjs/common';
import Stripe from 'stripe';
import { PAYMENTS_CONFIG, type PaymentsConfig } from './payments-env.js';

/** The client every Stripe call goes through: Stripe, or the API at STRIPE_API_URL (the sandbox locally). */
export function stripeClientOf(config: Pick<PaymentsConfig, 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL'>): Stripe {
  if (!config.STRIPE_API_URL) return new Stripe(config.STRIPE_SECRET_KEY, { maxNetworkRetries: 2, timeout: 15_000 });
  const url = new URL(config.STRIPE_API_URL);
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  const port = url.port ? Number(url.port) : protocol === 'https' ? 443 : 80;
  return new Stripe(config.STRIPE_SECRET_KEY, { host: url.hostname, port, protocol, maxNetworkRetries: 2, timeout: 15_000 });
}

/** The validated configuration and the Stripe client, available to every payments feature. */
@Global()
@Module({})
export class PaymentsConfigModule {
  static forRoot(config: PaymentsConfig): DynamicModule {
    return {
      module: PaymentsConfigModule,
      providers: [
        { provide: PAYMENTS_CONFIG, useValue: config },
        { provide: Stripe, useValue: stripeClientOf(config) },
      ],
      exports: [PAYMENTS_CONFIG, Stripe],
    };
  }
}
