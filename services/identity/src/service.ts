import type { ServiceDefinition } from '@pm/nest-kit';
import { identityEntities } from './entities.js';
import { IdentityModule, type IdentityConfig } from './identity.module.js';
import { identityMigrations } from './migrations/index.js';

/**
 * Identity: users, credentials, sessions and JWT/JWKS, anonymous sessions, Google sign-in, e-mail verification,
 * password reset, referrals and campaigns, account settings.
 */
export function identityService(config?: IdentityConfig): ServiceDefinition {
  return {
    name: config?.DATABASE_SCHEMA ?? 'identity',
    context: 'identity',
    entities: identityEntities,
    migrations: identityMigrations,
    features: config ? [IdentityModule.forRoot(config)] : [],
  };
}
