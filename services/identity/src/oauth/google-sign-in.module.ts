import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/sessions.module.js';
import { OneTimeTokensModule } from '../tokens/one-time-tokens.module.js';
import { UsersModule } from '../users/users.module.js';
import { GoogleSignIn } from './google-sign-in.js';

/** Google sign-in's OpenID Connect round trip (one discovery fetch per process). */
@Module({
  imports: [OneTimeTokensModule, SessionsModule, UsersModule],
  providers: [GoogleSignIn],
  exports: [GoogleSignIn],
})
export class GoogleSignInModule {}
