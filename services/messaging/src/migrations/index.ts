import type { ServiceDefinition } from '@pm/nest-kit';
import { MessagingFoundationMigration } from './20261124200001-messaging-foundation.migration.js';

/** The messaging schema's migrations, oldest first (the outbox/inbox tables come from @pm/messaging before these). */
export const messagingMigrations: ServiceDefinition['migrations'] = [MessagingFoundationMigration];
