import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { cachePaths } from './cache-paths.ts';
import { testPorts } from './ports.ts';
import { loadSecrets } from './secrets.ts';
import { plannedOrFreePorts, type RunningStack, startStack } from './stack.ts';
import { type JestOutcome, readJestOutcome } from './tests/jest-outcome.ts';
import { listWorkspaces } from './tests/workspace-list.ts';

/**
 * `npm test`: one test infrastructure for the whole run (integration projects reuse it through PM_TEST_STACK), then
 * every jest project of every workspace, one workspace after another, and one closing line with the sums.
 */

const root = process.env['PM_ROOT'] ?? resolve(import.meta.dirname, '../..');
const jestBin = join(root, 'node_modules', 'jest', 'bin', 'jest.js');
const reports = mkdtempSync(join(tmpdir(), 'pm-jest-reports-'));
const bold = (text: string): string => (process.stdout.isTTY ? `\u001b[1m${text}\u001b[0m` : text);

let stack: RunningStack | undefined;
let current: ReturnType<typeof spawn> | undefined;

const interrupt = (signal: NodeJS.Signals): void => {
  current?.kill(signal);
  stack?.killNow();
  rmSync(reports, { recursive: true, force: true });
  process.exit(130);
};
process.once('SIGINT', interrupt);
process.once('SIGTERM', interrupt);

function runJest(dir: string, reportFile: string, env: NodeJS.ProcessEnv, projects: string[]): Promise<number | null> {
  return new Promise((resolveExit) => {
    current = spawn(
      process.execPath,
      ['--experimental-vm-modules', jestBin, '--ci', '--passWithNoTests', '--json', `--outputFile=${reportFile}`, ...projects],
      { cwd: dir, env, stdio: ['ignore', 'inherit', 'inherit'] },
    );
    current.once('exit', (code) => resolveExit(code));
  });
}

const workspaces = listWorkspaces(root).filter((workspace) => existsSync(join(workspace.dir, 'jest.config.js')));
const results: { path: string; outcome: JestOutcome; seconds: number }[] = [];
let exitCode = 0;
try {
  process.stdout.write(`${bold('[test] starting the test infrastructure on the test ports')}\n`);
  stack = await startStack({
    dataDir: mkdtempSync(join(tmpdir(), 'pm-test-')),
    ports: await plannedOrFreePorts(testPorts, (busy) =>
      process.stdout.write(`[test] test ports in use (${busy.join(', ')}), probably another test run: using free ports\n`),
    ),
    secrets: loadSecrets(cachePaths().secretsFile),
    durable: false,
    ephemeral: true,
  });
  const env = { ...process.env, ...stack.env, PM_TEST_STACK: 'external', NODE_ENV: 'test' };
  // Browser journeys last, on their own: each starts the whole platform, which would starve the jsdom and
  // integration tests running beside it on a two-core machine.
  const passes = [
    ...workspaces.map((workspace) => ({ workspace, label: workspace.path, projects: ['--ignoreProjects', 'e2e'] })),
    ...workspaces
      .filter((workspace) => existsSync(join(workspace.dir, 'e2e')))
      .map((workspace) => ({ workspace, label: `${workspace.path} (browser)`, projects: ['--selectProjects', 'e2e'] })),
  ];
  for (const [index, { workspace, label, projects }] of passes.entries()) {
    process.stdout.write(`\n${bold(`━━ ${workspace.name} (${label})`)}\n`);
    const reportFile = join(reports, `${index}.json`);
    const startedAt = Date.now();
    const code = await runJest(workspace.dir, reportFile, env, projects);
    results.push({ path: label, outcome: readJestOutcome(reportFile, code), seconds: Math.round((Date.now() - startedAt) / 1000) });
  }
} catch (error) {
  console.error(`[test] ${error instanceof Error ? error.message : String(error)}`);
  exitCode = 1;
} finally {
  await stack?.stop();
  rmSync(reports, { recursive: true, force: true });
}

const passed = results.reduce((sum, { outcome }) => sum + outcome.passed, 0);
const failed = results.reduce((sum, { outcome }) => sum + outcome.failed, 0) + exitCode;
process.stdout.write(`\n${bold('[test] summary')}\n`);
for (const { path, outcome, seconds } of results) {
  process.stdout.write(`  ${path.padEnd(28)} ${outcome.passed} passed, ${outcome.failed} failed  (${seconds} s)\n`);
  for (const problem of outcome.problems) process.stdout.write(`    ! ${problem}\n`);
}
process.stdout.write(`${passed} passed, ${failed} failed\n`);
process.exitCode = failed > 0 ? 1 : 0;
