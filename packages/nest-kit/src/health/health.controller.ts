import { Controller, Get, HttpCode, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Public } from '../auth/public.decorator.js';
import { HEALTH_CHECKS, runHealthChecks, type HealthCheck, type HealthReport } from './health-check.js';

/** Kubernetes probes: liveness says the process answers; readiness that every dependency it needs answers. */
@Public()
@Controller('health')
export class HealthController {
  constructor(@Inject(HEALTH_CHECKS) private readonly checks: HealthCheck[]) {}

  @Get('live')
  @HttpCode(200)
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('ready')
  async ready(@Res({ passthrough: true }) res: Response): Promise<HealthReport> {
    const report = await runHealthChecks(this.checks);
    res.status(report.status === 'ok' ? 200 : 503);
    return report;
  }
}
