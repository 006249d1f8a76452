import { Module } from '@nestjs/common';
import { AuthEngineModule } from '../auth/auth-engine.module.js';
import { SessionsModule } from '../sessions/sessions.module.js';
import { JwksController } from './jwks.controller.js';

/** The public HTTP endpoints other apps verify tokens with: the JWKS and the recently revoked sessions. */
@Module({ imports: [AuthEngineModule, SessionsModule], controllers: [JwksController] })
export class JwksModule {}
