import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cachePaths } from './cache-paths.ts';
import { postgresBinDir, postgresInstalled } from './components/postgres-binaries.ts';
import { temporalTestServerLib } from './components/temporal-test-server-lib.ts';
import { readVersions, type Versions } from './versions.ts';

interface GoTool {
  binary: string;
  versionKey: 'natsServer' | 'minio' | 'temporalCli';
}

const goTools: readonly GoTool[] = [
  { binary: 'nats-server', versionKey: 'natsServer' },
  { binary: 'minio', versionKey: 'minio' },
  { binary: 'temporal', versionKey: 'temporalCli' },
];

function say(message: string): void {
  process.stdout.write(`[setup] ${message}\n`);
}

function seconds(since: number): string {
  return `${((Date.now() - since) / 1000).toFixed(1)}s`;
}

function commandExists(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function readStamp(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
}

/**
 * Go embeds the main package path and module version in every binary, so a binary that predates the stamps (or was
 * built by hand) is adopted when it is exactly the pinned one instead of being rebuilt for minutes.
 */
function builtFrom(binaryPath: string, spec: string): boolean {
  const [packagePath, version] = spec.split('@');
  try {
    const info = execFileSync('go', ['version', '-m', binaryPath], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    const lines = info.split('\n').map((line) => line.trim().split(/\s+/));
    return lines.some(([kind, path]) => kind === 'path' && path === packagePath) && lines.some(([kind, , v]) => kind === 'mod' && v === version);
  } catch {
    return false;
  }
}

function installGoTool(tool: GoTool, versions: Versions, binDir: string, stampDir: string): boolean {
  const spec = versions[tool.versionKey];
  const binaryPath = join(binDir, tool.binary);
  const stampFile = join(stampDir, `${tool.binary}.version`);
  if (existsSync(binaryPath) && readStamp(stampFile) === spec) {
    say(`${tool.binary}: ${spec} already installed`);
    return true;
  }
  if (existsSync(binaryPath) && builtFrom(binaryPath, spec)) {
    writeFileSync(stampFile, `${spec}\n`);
    say(`${tool.binary}: ${spec} already installed (recorded its version)`);
    return true;
  }
  if (!commandExists('go')) {
    say(`${tool.binary}: cannot build ${spec}: the Go toolchain (go) is not on PATH`);
    return false;
  }
  say(`${tool.binary}: building ${spec} with go install (several minutes with a cold module cache)`);
  const started = Date.now();
  const result = spawnSync('go', ['install', spec], { env: { ...process.env, GOBIN: binDir }, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) {
    say(`${tool.binary}: go install ${spec} failed after ${seconds(started)}`);
    return false;
  }
  writeFileSync(stampFile, `${spec}\n`);
  say(`${tool.binary}: built in ${seconds(started)}`);
  return true;
}

/** The Java time-skipping test server from Maven Central: no UI, in-memory, but enough to run workflows locally. */
function installTemporalTestServer(coordinates: string, dir: string, stampDir: string): boolean {
  const stampFile = join(stampDir, 'temporal-test-server.version');
  if (existsSync(temporalTestServerLib(dir)) && readStamp(stampFile) === coordinates) {
    say(`temporal fallback: ${coordinates} already installed`);
    return true;
  }
  const missing = ['java', 'mvn'].filter((command) => !commandExists(command));
  if (missing.length > 0) {
    say(`temporal fallback: cannot install ${coordinates}: missing ${missing.join(' and ')}`);
    return false;
  }
  const [groupId, artifactId, version] = coordinates.split(':');
  mkdirSync(dir, { recursive: true });
  // dependency:copy would fetch the jar alone; a throw-away pom lets Maven resolve its runtime class path too.
  writeFileSync(
    join(dir, 'pom.xml'),
    `<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>pm.local</groupId><artifactId>temporal-test-server-runtime</artifactId><version>1</version><packaging>pom</packaging>
  <dependencies><dependency><groupId>${groupId}</groupId><artifactId>${artifactId}</artifactId><version>${version}</version></dependency></dependencies>
</project>
`,
  );
  say(`temporal fallback: fetching ${coordinates} and its dependencies with Maven`);
  const started = Date.now();
  const result = spawnSync(
    'mvn',
    ['-q', '-B', '-Dstyle.color=never', '-f', join(dir, 'pom.xml'), 'dependency:copy-dependencies', `-DoutputDirectory=${temporalTestServerLib(dir)}`, '-DincludeScope=runtime'],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (result.status !== 0) {
    say(`temporal fallback: Maven failed after ${seconds(started)}`);
    return false;
  }
  writeFileSync(stampFile, `${coordinates}\n`);
  say(`temporal fallback: installed in ${seconds(started)} (no web UI; workflows are kept in memory only)`);
  return true;
}

/** A Debian package, installed with apt-get when missing and we are root; otherwise a clear instruction. */
function installDebianPackage(what: string, pkg: string, present: () => boolean, where: string): boolean {
  if (present()) {
    say(`${what}: found (${where})`);
    return true;
  }
  if (process.getuid?.() !== 0) {
    say(`${what}: missing (${where}); as root run: apt-get update && apt-get install -y ${pkg}`);
    return false;
  }
  say(`${what}: installing ${pkg} with apt-get`);
  const started = Date.now();
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update'], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  const install = update.status === 0 ? spawnSync('apt-get', ['install', '-y', pkg], { env, stdio: ['ignore', 'inherit', 'inherit'] }) : update;
  if (install.status !== 0 || !present()) {
    say(`${what}: apt-get could not install ${pkg} (after ${seconds(started)})`);
    return false;
  }
  say(`${what}: installed in ${seconds(started)}`);
  return true;
}

/** Debian's Chromium, driven by Playwright in the browser journeys (Playwright cannot download browsers here). */
export const chromiumPath = '/usr/bin/chromium';

/** Installs whatever is missing or not at its pinned version; safe to run before every start. */
export function installToolchain(options: { browser?: boolean } = {}): boolean {
  const versions = readVersions();
  const paths = cachePaths();
  mkdirSync(paths.bin, { recursive: true });
  mkdirSync(paths.stamps, { recursive: true });
  const started = Date.now();
  let ok = true;
  for (const tool of goTools) {
    const built = installGoTool(tool, versions, paths.bin, paths.stamps);
    if (!built && tool.binary === 'temporal') {
      say('temporal: falling back to the Java test server');
      ok = installTemporalTestServer(versions.temporalTestServerJar, paths.temporalTestServer, paths.stamps) && ok;
    } else {
      ok = built && ok;
    }
  }
  const major = versions.postgresMajor;
  ok = installDebianPackage('postgres', `postgresql-${major}`, () => postgresInstalled(major), postgresBinDir(major)) && ok;
  if (options.browser) ok = installDebianPackage('chromium', 'chromium', () => existsSync(chromiumPath), chromiumPath) && ok;
  say(ok ? `toolchain ready in ${seconds(started)}` : 'toolchain incomplete: see the lines above');
  return ok;
}

if (import.meta.main) {
  process.exitCode = installToolchain({ browser: process.argv.includes('--with-browser') }) ? 0 : 1;
}
