import { AccessModule } from '@pm/access';
import { UseCasesModule, type ServiceDefinition } from '@pm/nest-kit';
import { PaymentsConfigModule } from './config/payments-config.module.js';
import type { PaymentsConfig } from './config/payments-env.js';
import { ConnectModule } from './connect/connect.module.js';
import { DirectoryModule } from './directory/directory.module.js';
import { LedgerModule } from './ledger/ledger.module.js';
import { paymentsMigrations } from './migrations/index.js';
import { PlansModule } from './plans/plans.module.js';
import { ProviderEventsModule } from './provider-events/provider-events.module.js';
import { RentModule } from './rent/rent.module.js';

/**
 * Payments: each unit's rent as a ledger of immutable entries, Stripe Connect for the managers' payouts and the
 * tenants' payment links, and Stripe's signed webhooks as the only source of money movement. Each call is decided by
 * the shared location access rule over payments' own grants projection. The platform's own plans are sold through
 * Paddle Billing (src/plans/), their subscriptions known from Paddle's signed webhooks.
 */
export function paymentsService(config?: PaymentsConfig): ServiceDefinition {
  return {
    name: config?.DATABASE_SCHEMA ?? 'payments',
    context: 'payments',
    entities: [],
    migrations: paymentsMigrations,
    // Without a configuration (migrations only) no feature is loaded.
    features: config
      ? [
          PaymentsConfigModule.forRoot(config),
          AccessModule.forConsumer('payments'),
          DirectoryModule,
          LedgerModule,
          ConnectModule,
          RentModule,
          ProviderEventsModule,
          PlansModule,
          UseCasesModule.discover(import.meta.dirname, { imports: [RentModule, PlansModule] }),
        ]
      : [],
  };
}
