import type { ServiceDefinition } from '@pm/nest-kit';
import { PaymentsLedgerMigration } from './20261207000001-payments-ledger.migration.js';

/** The payments schema's migrations, oldest first. */
export const paymentsMigrations: ServiceDefinition['migrations'] = [PaymentsLedgerMigration];
