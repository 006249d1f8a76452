/** The BFF's readiness report (GET /api/platform/status): one entry per dependency it needs to serve the app. */
export interface PlatformHealth {
  status: 'ok' | 'degraded';
  checks: Record<string, DependencyCheck>;
}

export interface DependencyCheck {
  status: 'up' | 'down';
  detail?: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parseCheck(name: string, value: unknown): DependencyCheck {
  if (!isRecord(value) || (value.status !== 'up' && value.status !== 'down')) {
    throw new TypeError(`Health check "${name}" has no up/down status`);
  }
  if (value.detail !== undefined && typeof value.detail !== 'string') {
    throw new TypeError(`Health check "${name}" has a non-text detail`);
  }
  return value.detail === undefined ? { status: value.status } : { status: value.status, detail: value.detail };
}

/** The browser is a process boundary too: the report is checked before a screen relies on its shape. */
export function parsePlatformHealth(value: unknown): PlatformHealth {
  if (!isRecord(value) || (value.status !== 'ok' && value.status !== 'degraded') || !isRecord(value.checks)) {
    throw new TypeError('The health report is not { status, checks }');
  }
  const checks = Object.fromEntries(Object.entries(value.checks).map(([name, check]) => [name, parseCheck(name, check)]));
  return { status: value.status, checks };
}
