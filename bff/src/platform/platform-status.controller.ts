import { Controller, Get, Inject, Res } from '@nestjs/common';
import { HEALTH_CHECKS, Public, runHealthChecks, type HealthCheck, type HealthReport } from '@pm/nest-kit';
import type { Response } from 'express';

/**
 * The platform status the web app shows (`GET /api/platform/status`): the same report as the BFF's readiness probe,
 * under the API base path where the browser's calls go.
 */
@Public()
@Controller('platform')
export class PlatformStatusController {
  constructor(@Inject(HEALTH_CHECKS) private readonly checks: HealthCheck[]) {}

  @Get('status')
  async status(@Res({ passthrough: true }) res: Response): Promise<HealthReport> {
    const report = await runHealthChecks(this.checks);
    res.status(report.status === 'ok' ? 200 : 503);
    return report;
  }
}
