import { Global, Module, type DynamicModule } from '@nestjs/common';
import { Clock } from '../clock.js';
import { IDENTITY_CONFIG, type IdentityConfig } from './identity-env.js';

/** The validated configuration and the service's one clock (tests move it), available to every identity feature. */
@Global()
@Module({})
export class IdentityConfigModule {
  static forRoot(config: IdentityConfig): DynamicModule {
    return { module: IdentityConfigModule, providers: [{ provide: IDENTITY_CONFIG, useValue: config }, Clock], exports: [IDENTITY_CONFIG, Clock] };
  }
}
