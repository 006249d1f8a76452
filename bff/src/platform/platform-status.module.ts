import { Module } from '@nestjs/common';
import { HealthModule, NatsHealthCheck } from '@pm/nest-kit';
import { PlatformStatusController } from './platform-status.controller.js';

/**
 * `/health/live` and `/health/ready` (the probes, outside the API base path like every app's), and the same
 * readiness as `/api/platform/status` for the web app. The BFF has no database; readiness is its NATS link.
 */
@Module({
  imports: [HealthModule.forChecks([NatsHealthCheck], [NatsHealthCheck])],
  controllers: [PlatformStatusController],
})
export class PlatformStatusModule {}
