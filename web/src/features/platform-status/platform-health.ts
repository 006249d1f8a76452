/**
 * The BFF's public status (GET /api/platform/status): one up/down entry per part of the platform, by product name.
 * It is a public page: whatever else a report carries (details of the infrastructure) is dropped, never shown.
 */
export interface PlatformHealth {
  status: 'ok' | 'degraded';
  checks: Record<string, DependencyCheck>;
}

export interface DependencyCheck {
  status: 'up' | 'down';
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parseCheck(name: string, value: unknown): DependencyCheck {
  if (!isRecord(value) || (value.status !== 'up' && value.status !== 'down')) {
    throw new TypeError(`Health check "${name}" has no up/down status`);
  }
  return { status: value.status };
}

/** The browser is a process boundary too: the report is checked before a screen relies on its shape. */
export function parsePlatformHealth(value: unknown): PlatformHealth {
  if (!isRecord(value) || (value.status !== 'ok' && value.status !== 'degraded') || !isRecord(value.checks)) {
    throw new TypeError('The health report is not { status, checks }');
  }
  const checks = Object.fromEntries(Object.entries(value.checks).map(([name, check]) => [name, parseCheck(name, check)]));
  return { status: value.status, checks };
}
