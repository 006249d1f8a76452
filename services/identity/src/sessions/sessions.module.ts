import { Module } from '@nestjs/common';
import { AuthEngineModule } from '../auth/auth-engine.module.js';
import { UsersModule } from '../users/users.module.js';
import { LinkAnonymousUser } from './link-anonymous-user.js';
import { SessionIssuer } from './session-issuer.js';

/** Sessions: access tokens, rotating refresh tokens per family, revocation, and carrying an anonymous visitor over. */
@Module({
  imports: [AuthEngineModule, UsersModule],
  providers: [SessionIssuer, LinkAnonymousUser],
  exports: [SessionIssuer, LinkAnonymousUser],
})
export class SessionsModule {}
