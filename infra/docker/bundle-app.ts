// Assembles one app's production tree for its image: the app and the workspace packages it depends on at run time,
// their built dist/ folders, and their production dependencies installed at the versions of the repo lockfile.
//
// Why not `npm prune --omit=dev`: npm still links every workspace reached through a devDependency (every package
// has @pm/testing as a dev dependency, which pulls in testcontainers, ssh2, maildev…), so a pruned tree would ship
// the test harness. Instead the bundle declares only the runtime workspaces and no devDependencies, and npm installs
// that smaller project reusing the lockfile's resolutions.
//
// Usage (inside the Dockerfile's build stage, after `turbo run build`): node infra/docker/bundle-app.ts <workspace-dir> <out-dir>
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, posix } from 'node:path';

interface Manifest {
  name: string;
  workspaces?: string[];
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  [key: string]: unknown;
}

const [appDir, outDir] = process.argv.slice(2);
if (!appDir || !outDir) {
  console.error('usage: node infra/docker/bundle-app.ts <workspace-dir> <out-dir>');
  process.exit(2);
}

const root = process.cwd();
const readManifest = (dir: string): Manifest => JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as Manifest;
const rootManifest = readManifest('.');

// Workspace globs here are either a plain folder ("bff") or one trailing "/*" level ("services/*").
const workspaceDirs = (rootManifest.workspaces ?? []).flatMap((pattern) =>
  pattern.endsWith('/*')
    ? readdirSync(join(root, pattern.slice(0, -2)), { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && existsSync(join(root, pattern.slice(0, -2), entry.name, 'package.json')))
        .map((entry) => posix.join(pattern.slice(0, -2), entry.name))
    : [pattern],
);
const dirByName = new Map(workspaceDirs.map((dir) => [readManifest(dir).name, dir]));

const runtimeDirs: string[] = [];
const visit = (dir: string): void => {
  if (runtimeDirs.includes(dir)) return;
  runtimeDirs.push(dir);
  for (const dependency of Object.keys(readManifest(dir).dependencies ?? {})) {
    const dependencyDir = dirByName.get(dependency);
    if (dependencyDir) visit(dependencyDir);
  }
};
if (!workspaceDirs.includes(appDir)) {
  console.error(`${appDir} is not a workspace of ${rootManifest.name}`);
  process.exit(2);
}
visit(appDir);

rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
const { devDependencies: _rootDev, scripts: _rootScripts, ...rootRest } = rootManifest;
writeFileSync(join(outDir, 'package.json'), JSON.stringify({ ...rootRest, workspaces: runtimeDirs }, null, 2));
cpSync(join(root, 'package-lock.json'), join(outDir, 'package-lock.json'));
if (existsSync(join(root, '.npmrc'))) cpSync(join(root, '.npmrc'), join(outDir, '.npmrc'));

for (const dir of runtimeDirs) {
  const { devDependencies: _dev, ...manifest } = readManifest(dir);
  const dist = join(root, dir, 'dist');
  if (!existsSync(dist)) {
    console.error(`${dir}/dist is missing: run the build before bundling`);
    process.exit(1);
  }
  mkdirSync(join(outDir, dir), { recursive: true });
  writeFileSync(join(outDir, dir, 'package.json'), JSON.stringify(manifest, null, 2));
  cpSync(dist, join(outDir, dir, 'dist'), { recursive: true });
}

const install = spawnSync('npm', ['install', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], {
  cwd: outDir,
  stdio: 'inherit',
});
if (install.status !== 0) process.exit(install.status ?? 1);
// The lockfile was rewritten for the smaller project; the image never runs npm again, so it is not kept.
rmSync(join(outDir, 'package-lock.json'));
console.warn(`bundled ${appDir} with ${runtimeDirs.join(', ')}`);
