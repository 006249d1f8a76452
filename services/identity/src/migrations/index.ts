import type { ServiceDefinition } from '@pm/nest-kit';
import { IdentityTablesMigration } from './identity-tables.migration.js';
import { RefreshSuccessorMigration } from './refresh-successor.migration.js';
import { RevokedSessionsMigration } from './revoked-sessions.migration.js';

/** The identity schema's migrations, oldest first (the outbox/inbox tables come from @pm/messaging before these). */
export const identityMigrations: ServiceDefinition['migrations'] = [IdentityTablesMigration, RevokedSessionsMigration, RefreshSuccessorMigration];
