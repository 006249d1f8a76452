import { Controller, Get, Inject, Res } from '@nestjs/common';
import { HEALTH_CHECKS, Public, runHealthChecks, type HealthCheck } from '@pm/nest-kit';
import type { Response } from 'express';

/** What anyone may see of the platform: a product-level name per part and whether it is up, nothing more. */
export interface PublicPlatformStatus {
  status: 'ok' | 'degraded';
  checks: Record<string, { status: 'up' | 'down' }>;
}

/** The public name of each readiness check; a check not named here is reported under "Platform services". */
const publicNames: Record<string, string> = { nats: 'Messaging', database: 'Database' };

/**
 * The platform status the web app shows (`GET /api/platform/status`): the BFF's readiness probe as a visitor may see
 * it. Check details (addresses, versions, error texts) and the names of the infrastructure behind them stay in the
 * probes (`/health/ready`), which operators reach and browsers do not.
 */
@Public()
@Controller('platform')
export class PlatformStatusController {
  constructor(@Inject(HEALTH_CHECKS) private readonly checks: HealthCheck[]) {}

  @Get('status')
  async status(@Res({ passthrough: true }) res: Response): Promise<PublicPlatformStatus> {
    const report = await runHealthChecks(this.checks);
    const checks: PublicPlatformStatus['checks'] = {};
    for (const [name, result] of Object.entries(report.checks)) {
      const label = publicNames[name] ?? 'Platform services';
      if (checks[label]?.status !== 'down') checks[label] = { status: result.status === 'up' ? 'up' : 'down' };
    }
    res.status(report.status === 'ok' ? 200 : 503);
    return { status: report.status, checks };
  }
}
