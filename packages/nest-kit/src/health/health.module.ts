import { Module, type DynamicModule, type InjectionToken, type Provider } from '@nestjs/common';
import { HEALTH_CHECKS, type HealthCheck } from './health-check.js';
import { HealthController } from './health.controller.js';

/** `/health/live` and `/health/ready`; readiness runs the checks whose providers are listed. */
@Module({})
export class HealthModule {
  static forChecks(checkProviders: InjectionToken<HealthCheck>[], providers: Provider[] = []): DynamicModule {
    return {
      module: HealthModule,
      controllers: [HealthController],
      providers: [
        ...providers,
        {
          provide: HEALTH_CHECKS,
          useFactory: (...checks: HealthCheck[]) => checks,
          inject: checkProviders,
        },
      ],
      // Exported so an app can show the same report elsewhere (the BFF's status page).
      exports: [HEALTH_CHECKS],
    };
  }
}
