import { Module } from '@nestjs/common';
import { HealthModule, NatsHealthCheck } from '@pm/nest-kit';

/**
 * `/api/health/live` and `/api/health/ready`: the BFF's probes, also read by the web app's status page. The BFF
 * has no database; readiness is its NATS link (services report their own readiness).
 */
@Module({ imports: [HealthModule.forChecks([NatsHealthCheck], [NatsHealthCheck])] })
export class PlatformStatusModule {}
