import type { ServiceDefinition } from '@pm/nest-kit';
import { AccountsModule } from './accounts/accounts.module.js';
import { UserAccount } from './accounts/user-account.entity.js';
import { portfolioMigrations } from './migrations/index.js';
import { OnboardingProgress } from './onboarding/onboarding-progress.entity.js';
import { OnboardingModule } from './onboarding/onboarding.module.js';
import { PropertyLocation } from './property-locations/property-location.entity.js';
import { PropertyLocationsModule } from './property-locations/property-locations.module.js';

/**
 * Portfolio: property locations, buildings, units, tenants, partners, knowledge, per-location phone and e-mail,
 * onboarding progress. This slice: property locations, the onboarding progress read model and navbar flags.
 */
export const portfolioService: ServiceDefinition = {
  name: 'portfolio',
  entities: [PropertyLocation, UserAccount, OnboardingProgress],
  migrations: portfolioMigrations,
  features: [AccountsModule, PropertyLocationsModule, OnboardingModule],
};
