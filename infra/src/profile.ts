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
