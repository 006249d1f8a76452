import { AccessTablesMigration } from '@pm/access';
import type { ServiceDefinition } from '@pm/nest-kit';
import { PaymentsLedgerMigration } from './20261207000001-payments-ledger.migration.js';
import { PaymentsRentMigration } from './20261208000001-payments-rent.migration.js';
import { PaymentsPlansMigration } from './20261210000001-payments-plans.migration.js';
import { PaymentsRentSubscriptionsMigration } from './20261209100001-payments-rent-subscriptions.migration.js';
import { PaymentsTenantPhonesMigration } from './20261209200001-payments-tenant-phones.migration.js';
import { PaymentsLedgerMonthIndexesMigration } from './20261210100001-payments-ledger-month-indexes.migration.js';

/**
 * The payments schema's migrations, oldest first (the outbox/inbox tables come from @pm/messaging before these; the
 * grants projection's tables from @pm/access, filled by its consumers from the start of portfolio's stream).
 */
export const paymentsMigrations: ServiceDefinition['migrations'] = [PaymentsLedgerMigration, AccessTablesMigration, PaymentsRentMigration, PaymentsRentSubscriptionsMigration, PaymentsTenantPhonesMigration, PaymentsPlansMigration, PaymentsLedgerMonthIndexesMigration];
