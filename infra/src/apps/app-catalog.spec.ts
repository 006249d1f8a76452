import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { discoverApps } from './app-catalog.ts';

describe('discoverApps', () => {
  let root: string;
  const workspace = (path: string, files: string[] = []): void => {
    mkdirSync(join(root, path), { recursive: true });
    writeFileSync(join(root, path, 'package.json'), '{}');
    for (const file of files) {
      mkdirSync(join(root, path, file, '..'), { recursive: true });
      writeFileSync(join(root, path, file), '');
    }
  };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'pm-catalog-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('finds built services with their port, migrations and readiness URL, and the worker and BFF', () => {
    workspace('services/portfolio', ['dist/main.js']);
    workspace('services/identity', ['dist/main.js', 'dist/migrate.js']);
    workspace('services/assistant', ['dist/main.js', 'dist/migrate.js']);
    workspace('services/messaging', ['dist/main.js', 'dist/migrate.js']);
    workspace('workflows', ['dist/main.js']);
    workspace('bff', ['dist/main.js']);

    const { apps, skipped } = discoverApps(root);

    expect(skipped).toEqual([]);
    expect(apps.map((app) => [app.name, app.kind, app.port, app.readyUrl])).toEqual([
      ['assistant', 'service', 3109, 'http://127.0.0.1:3109/health/ready'],
      ['identity', 'service', 3101, 'http://127.0.0.1:3101/health/ready'],
      ['messaging', 'service', 3103, 'http://127.0.0.1:3103/health/ready'],
      ['portfolio', 'service', 3102, 'http://127.0.0.1:3102/health/ready'],
      ['workflows', 'worker', 3190, 'http://127.0.0.1:3190/health/ready'],
      ['bff', 'bff', 3000, 'http://127.0.0.1:3000/health/ready'],
    ]);
    expect(apps[0]?.migrateScript).toBe(join(root, 'services/assistant/dist/migrate.js'));
    expect(apps[1]?.migrateScript).toBe(join(root, 'services/identity/dist/migrate.js'));
    expect(apps[2]?.migrateScript).toBe(join(root, 'services/messaging/dist/migrate.js'));
    expect(apps[3]?.migrateScript).toBeUndefined();
  });

  it('lists unbuilt workspaces as skipped instead of failing or hiding them', () => {
    workspace('services/identity');
    workspace('web');

    const { apps, skipped } = discoverApps(root);

    expect(apps).toEqual([]);
    expect(skipped.map(({ name }) => name)).toEqual(['identity', 'web']);
  });

  it('refuses a service that has no port in the table', () => {
    workspace('services/billing-v2', ['dist/main.js']);

    expect(() => discoverApps(root)).toThrow('add "billing-v2" to the table in infra/src/apps/app-ports.ts');
  });
});
