import { MikroORM } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { HealthCheck, HealthCheckResult } from './health-check.js';

@Injectable()
export class DatabaseHealthCheck implements HealthCheck {
  readonly name = 'database';

  constructor(private readonly orm: MikroORM) {}

  async check(): Promise<HealthCheckResult> {
    await this.orm.em.getConnection().execute('select 1');
    return { status: 'up' };
  }
}
