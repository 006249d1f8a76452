import type { ServiceDefinition } from '@pm/nest-kit';
import { identityMigrations } from './migrations/index.js';

/**
 * Identity: users, credentials, sessions and JWT/JWKS, anonymous sessions, Google sign-in, e-mail verification,
 * password reset, referrals and campaigns, account settings. Features arrive with the identity issue.
 */
export const identityService: ServiceDefinition = {
  name: 'identity',
  entities: [],
  migrations: identityMigrations,
  features: [],
};
