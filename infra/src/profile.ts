import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cachePaths } from './cache-paths.ts';
import { devPorts, e2ePorts, type StackPorts } from './ports.ts';

/**
 * How the platform is run by the orchestrator (infra/src/dev.ts). `dev` is `npm start`: persistent data, the Vite
 * dev server. `e2e` is the browser journeys' platform: its own ports (so it runs beside `npm start` and `npm test`),
 * throw-away data, and the built web app served by the BFF as in production.
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
    return { name, stackPorts: devPorts, appPortOffset: 0, dataDir: paths.devData, durable: true, instanceFile: paths.instanceFile, webFromBff: false };
  }
  if (name === 'e2e') {
    return {
      name,
      stackPorts: e2ePorts,
      appPortOffset: 20_000,
      // Per orchestrator process, deleted when it stops.
      dataDir: join(tmpdir(), `pm-e2e-${process.pid}`),
      durable: false,
      instanceFile: join(paths.root, 'instance-e2e.json'),
      webFromBff: true,
    };
  }
  throw new Error(`PM_PROFILE must be dev or e2e, not "${name}"`);
}
