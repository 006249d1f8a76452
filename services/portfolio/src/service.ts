import type { ServiceDefinition } from '@pm/nest-kit';
import { portfolioMigrations } from './migrations/index.js';

/**
 * Portfolio: property locations, buildings, units, tenants, partners, knowledge, per-location phone and e-mail,
 * onboarding progress. Features arrive with the identity/onboarding and portfolio issues.
 */
export const portfolioService: ServiceDefinition = {
  name: 'portfolio',
  entities: [],
  migrations: portfolioMigrations,
  features: [],
};
