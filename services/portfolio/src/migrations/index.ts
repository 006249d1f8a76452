import type { ServiceDefinition } from '@pm/nest-kit';

/** The portfolio schema's migrations, oldest first (the outbox/inbox tables come from @pm/messaging before these). */
export const portfolioMigrations: ServiceDefinition['migrations'] = [];
