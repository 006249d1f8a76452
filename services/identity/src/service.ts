import { UseCasesModule, type ServiceDefinition } from '@pm/nest-kit';
import { AuthEngineModule } from './auth/auth-engine.module.js';
import { IdentityConfigModule } from './config/identity-config.module.js';
import type { IdentityConfig } from './config/identity-env.js';
import { identityEntities } from './entities.js';
import { JwksModule } from './jwks/jwks.module.js';
import { IdentityMailModule } from './mail/identity-mail.module.js';
import { identityMigrations } from './migrations/index.js';
import { GoogleSignInModule } from './oauth/google-sign-in.module.js';
import { ReferralsModule } from './referrals/referrals.module.js';
import { SessionsModule } from './sessions/sessions.module.js';
import { OneTimeTokensModule } from './tokens/one-time-tokens.module.js';
import { UsersModule } from './users/users.module.js';

export type { IdentityConfig };

/**
 * Identity: users, credentials, sessions and JWT/JWKS, anonymous sessions, Google sign-in, e-mail verification,
 * password reset, referrals and campaigns, account settings. Every request is answered by a `@UseCase` handler
 * (`<area>/use-cases/<name>/<name>.handler.ts`) that UseCasesModule finds; the feature modules provide what they use.
 */
export function identityService(config?: IdentityConfig): ServiceDefinition {
  return {
    name: config?.DATABASE_SCHEMA ?? 'identity',
    context: 'identity',
    entities: identityEntities,
    migrations: identityMigrations,
    // Without a configuration (migrations only) no feature is loaded.
    features: config
      ? [
          IdentityConfigModule.forRoot(config),
          AuthEngineModule,
          IdentityMailModule,
          OneTimeTokensModule,
          UsersModule,
          SessionsModule,
          GoogleSignInModule,
          ReferralsModule,
          JwksModule,
          UseCasesModule.discover(import.meta.dirname, {
            imports: [AuthEngineModule, IdentityMailModule, OneTimeTokensModule, UsersModule, SessionsModule, GoogleSignInModule, ReferralsModule],
          }),
        ]
      : [],
  };
}
