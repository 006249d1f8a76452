import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { appPort, appReadyPath } from './app-ports.ts';

export interface AppDefinition {
  name: string;
  kind: 'service' | 'worker' | 'bff' | 'web';
  dir: string;
  port: number;
  command: string;
  args: readonly string[];
  readyUrl: string;
  /** Services run their migrations before any of them starts. */
  migrateScript: string | undefined;
}

export interface AppCatalog {
  apps: AppDefinition[];
  /** Workspaces that exist but have nothing to run yet, with the reason, so the omission is visible. */
  skipped: { name: string; reason: string }[];
}

const viteConfigs = ['vite.config.ts', 'vite.config.js', 'vite.config.mts', 'vite.config.mjs'];

/**
 * Apps are found from the workspace folders, so adding services/<name> is enough to have it started.
 * `portOffset` shifts every port of the table (the e2e profile); `webFromBff` leaves the Vite dev server out because
 * the BFF serves the built app.
 */
export function discoverApps(root: string, options: { portOffset?: number; webFromBff?: boolean } = {}): AppCatalog {
  const offset = options.portOffset ?? 0;
  const catalog: AppCatalog = { apps: [], skipped: [] };
  const nodeApp = (name: string, kind: AppDefinition['kind'], dir: string): void => {
    if (!existsSync(join(dir, 'package.json'))) return;
    const tablePort = appPort(name);
    if (tablePort === undefined) throw new Error(`${dir} has no HTTP port: add "${name}" to the table in infra/src/apps/app-ports.ts`);
    const port = tablePort + offset;
    const main = join(dir, 'dist', 'main.js');
    if (!existsSync(main)) {
      catalog.skipped.push({ name, reason: 'no dist/main.js (not written or not built yet)' });
      return;
    }
    const migrate = join(dir, 'dist', 'migrate.js');
    catalog.apps.push({
      name,
      kind,
      dir,
      port,
      command: process.execPath,
      args: ['--enable-source-maps', main],
      readyUrl: `http://127.0.0.1:${port}${appReadyPath(name)}`,
      migrateScript: kind === 'service' && existsSync(migrate) ? migrate : undefined,
    });
  };

  const servicesDir = join(root, 'services');
  const services = existsSync(servicesDir)
    ? readdirSync(servicesDir, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort()
    : [];
  for (const name of services) nodeApp(name, 'service', join(servicesDir, name));
  nodeApp('workflows', 'worker', join(root, 'workflows'));
  nodeApp('bff', 'bff', join(root, 'bff'));

  const webDir = join(root, 'web');
  if (options.webFromBff) return catalog;
  if (existsSync(join(webDir, 'package.json'))) {
    if (viteConfigs.some((file) => existsSync(join(webDir, file))) && existsSync(join(webDir, 'index.html'))) {
      const port = (appPort('web') as number) + offset;
      // The vite binary itself rather than `npx vite`: one process fewer between the orchestrator and the server.
      const viteManifest = createRequire(join(webDir, 'package.json')).resolve('vite/package.json');
      const { bin } = JSON.parse(readFileSync(viteManifest, 'utf8')) as { bin: Record<string, string> };
      const vite = join(dirname(viteManifest), bin['vite'] ?? 'bin/vite.js');
      catalog.apps.push({
        name: 'web',
        kind: 'web',
        dir: webDir,
        port,
        command: process.execPath,
        args: [vite, '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
        readyUrl: `http://127.0.0.1:${port}${appReadyPath('web')}`,
        migrateScript: undefined,
      });
    } else {
      catalog.skipped.push({ name: 'web', reason: 'no vite config and index.html yet' });
    }
  }
  return catalog;
}
