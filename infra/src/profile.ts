import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cachePaths } from './cache-paths.ts';
import { devPorts, e2ePorts, type StackPorts } from './ports.ts';

/**
 * How the platform is run by the orchestrator (infra/src/dev.ts). `dev` is `npm start` and `npm run dev`: persistent
 * data; `npm start` has the BFF serve the built web app on one URL as in production (the Vite dev server hands the
 * browser some 18 MB of unbundled modules, seconds of first paint), while `npm run dev` (PM_WEB_DEV_SERVER=true) starts
 * the Vite dev server, with hot reload and its /api proxy, in front of the same platform. `e2e` is the browser
 * journeys' platform: its own ports (so it runs beside `npm start` and `npm test`), throw-away data, and the built web
 * app served by the BFF.
 */
export interface RunProfile {
  name: 'dev' | 'e2e';
  stackPorts: StackPorts;
  /** Added to every port of the app table (infra/src/apps/app-ports.ts). */
  appPortOffset: number;
  dataDir: string;
  /** Keep data across runs (fsync as usual) or not. */
  durable: boolean;
  instanceFile: string;
  /** Serve web/dist from the BFF instead of starting the Vite dev server. */
  webFromBff: boolean;
}

export function activeProfile(env: NodeJS.ProcessEnv = process.env): RunProfile {
  const paths = cachePaths();
  const name = env['PM_PROFILE'] ?? 'dev';
  if (name === 'dev') {
    const devServer = env['PM_WEB_DEV_SERVER'] ?? 'false';
    if (devServer !== 'true' && devServer !== 'false') throw new Error(`PM_WEB_DEV_SERVER must be true or false, not "${devServer}"`);
    return {
      name,
      stackPorts: devPorts,
      appPortOffset: 0,
      dataDir: paths.devData,
      durable: true,
      instanceFile: paths.instanceFile,
      webFromBff: devServer === 'false',
    };
  }
  if (name === 'e2e') {
    const ports = e2eRunPorts(env);
    return {
      name,
      stackPorts: ports.stackPorts,
      appPortOffset: ports.appPortOffset,
      // Per orchestrator process, deleted when it stops.
      dataDir: join(tmpdir(), `pm-e2e-${process.pid}`),
      durable: false,
      // Per set of ports: two e2e platforms on one machine (two test runs) each have their own.
      instanceFile: join(paths.root, ports.appPortOffset === E2E_APP_PORT_OFFSET ? 'instance-e2e.json' : `instance-e2e-${ports.appPortOffset}.json`),
      webFromBff: true,
    };
  }
  throw new Error(`PM_PROFILE must be dev or e2e, not "${name}"`);
}

/** The e2e profile's planned shift of the app table's ports (infra/src/apps/app-ports.ts). */
export const E2E_APP_PORT_OFFSET = 20_000;

/**
 * The ports an e2e platform was given (startE2ePlatform chooses them per run, so two test runs on one machine do not
 * collide, and hands them to the orchestrator and the tests in these two variables); the planned ones without them.
 */
export const e2ePortVariables = { appPortOffset: 'PM_E2E_APP_PORT_OFFSET', stackPorts: 'PM_E2E_STACK_PORTS' } as const;

function e2eRunPorts(env: NodeJS.ProcessEnv): { appPortOffset: number; stackPorts: StackPorts } {
  const offsetText = env[e2ePortVariables.appPortOffset];
  const appPortOffset = offsetText === undefined ? E2E_APP_PORT_OFFSET : Number(offsetText);
  if (!Number.isInteger(appPortOffset) || appPortOffset < 0 || appPortOffset > 40_000) {
    throw new Error(`${e2ePortVariables.appPortOffset} must be a whole number from 0 to 40000, not "${offsetText}"`);
  }
  const portsText = env[e2ePortVariables.stackPorts];
  if (portsText === undefined) return { appPortOffset, stackPorts: e2ePorts };
  const parsed = JSON.parse(portsText) as Record<string, unknown>;
  const stackPorts = Object.fromEntries(
    Object.keys(e2ePorts).map((key) => {
      const port = parsed[key];
      if (typeof port !== 'number' || !Number.isInteger(port) || port < 1 || port > 65_535) throw new Error(`${e2ePortVariables.stackPorts} has no valid ${key} port`);
      return [key, port];
    }),
  ) as unknown as StackPorts;
  return { appPortOffset, stackPorts };
}
