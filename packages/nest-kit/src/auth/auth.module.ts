import { Module, type DynamicModule } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtAuthGuard } from './jwt-auth.guard.js';
import { JwtVerifier, type JwtVerifierOptions } from './jwt-verifier.js';

/** Every handler of the app requires a verified token unless it is @Public(). */
@Module({})
export class AuthModule {
  static forRoot(options: JwtVerifierOptions): DynamicModule {
    return {
      module: AuthModule,
      global: true,
      providers: [{ provide: JwtVerifier, useValue: new JwtVerifier(options) }, { provide: APP_GUARD, useClass: JwtAuthGuard }],
      exports: [JwtVerifier],
    };
  }
}
