import { Inject, Injectable } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/nats-core';
import { NATS_CONNECTION } from '@pm/messaging';
import type { HealthCheck, HealthCheckResult } from './health-check.js';

/** A round trip to the NATS server, not just the client's idea of being connected. */
@Injectable()
export class NatsHealthCheck implements HealthCheck {
  readonly name = 'nats';

  constructor(@Inject(NATS_CONNECTION) private readonly nc: NatsConnection) {}

  async check(): Promise<HealthCheckResult> {
    if (this.nc.isClosed()) return { status: 'down', detail: 'connection closed' };
    const rtt = await this.nc.rtt();
    return { status: 'up', detail: `rtt ${rtt.toFixed(1)} ms` };
  }
}
