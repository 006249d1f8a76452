/**
 * The one table of HTTP ports for app processes (each serves /health/live and /health/ready on it). Services are
 * listed in the order of ARCHITECTURE.md so a new service folder already has its port.
 */
export const appPorts = {
  bff: 3000,
  web: 5173,
  workflows: 3190,
  identity: 3101,
  portfolio: 3102,
  messaging: 3103,
  vault: 3104,
  calendar: 3105,
  payments: 3106,
  leasing: 3107,
  community: 3108,
  assistant: 3109,
} as const satisfies Record<string, number>;

export function appPort(name: string): number | undefined {
  return Object.hasOwn(appPorts, name) ? appPorts[name as keyof typeof appPorts] : undefined;
}

/** Readiness endpoints that differ from /health/ready: the Vite dev server has no probe. */
const readyPathOverrides: Record<string, string> = { web: '/' };

export function appReadyPath(name: string): string {
  return readyPathOverrides[name] ?? '/health/ready';
}
