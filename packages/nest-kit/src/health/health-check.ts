export interface HealthCheckResult {
  status: 'up' | 'down';
  detail?: string;
}

/** One dependency readiness depends on. Register with `provideHealthCheck`. */
export interface HealthCheck {
  readonly name: string;
  check(): Promise<HealthCheckResult>;
}

export const HEALTH_CHECKS = Symbol('HEALTH_CHECKS');

export interface HealthReport {
  status: 'ok' | 'degraded';
  checks: Record<string, HealthCheckResult>;
}

export async function runHealthChecks(checks: readonly HealthCheck[], timeoutMs = 2_000): Promise<HealthReport> {
  const entries = await Promise.all(
    checks.map(async (c): Promise<[string, HealthCheckResult]> => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<HealthCheckResult>((resolve) => {
        timer = setTimeout(() => resolve({ status: 'down', detail: `no answer within ${timeoutMs} ms` }), timeoutMs);
      });
      try {
        return [c.name, await Promise.race([c.check(), timeout])];
      } catch (error) {
        return [c.name, { status: 'down', detail: error instanceof Error ? error.message : String(error) }];
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  const checksByName = Object.fromEntries(entries);
  return { status: entries.every(([, r]) => r.status === 'up') ? 'ok' : 'degraded', checks: checksByName };
}
