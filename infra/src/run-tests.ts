import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cachePaths } from './cache-paths.ts';
import { testPorts } from './ports.ts';
import { loadSecrets } from './secrets.ts';
import { freePorts, plannedOrFreePorts, type RunningStack, startStack, type StackPorts } from './stack.ts';
import { type JestOutcome, readJestOutcome } from './tests/jest-outcome.ts';
import { claimDir, sweepStaleDirs } from './tests/stale-dirs.ts';
import { endedChildrenCpuSeconds, type FileTime, fileTimes, passTable, slowestFiles } from './tests/timing-report.ts';
import { listWorkspaces, type Workspace } from './tests/workspace-list.ts';

/**
 * `npm test`: every jest project of every workspace, and one closing line with the sums.
 *
 * - One pass runs the `unit` projects of all workspaces together (infra/src/tests/units.jest.config.js).
 * - Each workspace's `integration` project is a pass of its own, run from its folder with its own settings.
 * - The `e2e` projects of all workspaces (web's browser journeys, infra's demo-account checks) are one pass on one
 *   platform (infra/src/tests/platform.jest.config.js), started once by their shared global setup.
 * - Passes run in slots (PM_TEST_SLOTS; one more than the cores, at most three), longest first (the durations of the
 *   last run, kept in the cache). Each slot has its own test infrastructure (integration projects reuse it through
 *   PM_TEST_STACK), started when its first pass needs it: the services under test have fixed NATS queue groups and
 *   consumer names, so two integration passes must not share a NATS server. Passes that drive the local chat model
 *   run side by side like any other: each gets the cores shared out between the slots as model threads (AI_THREADS).
 *
 * Each pass's output is buffered and printed whole when it ends. At the end: the passes with their seconds, the 15
 * slowest test files (from the jest --json reports), then "N passed, N failed" as the last line. With
 * PM_TEST_SUMMARY_FILE set, the two tables are also written there (.ci/run prints them before its own last line).
 *
 * `--only <regex>` runs only the passes whose label matches (e.g. `--only 'services/vault integration'`).
 */

const root = process.env['PM_ROOT'] ?? resolve(import.meta.dirname, '../..');
const jestBin = join(root, 'node_modules', 'jest', 'bin', 'jest.js');
const unitsConfig = join(root, 'infra', 'src', 'tests', 'units.jest.config.js');
const platformConfig = join(root, 'infra', 'src', 'tests', 'platform.jest.config.js');
const timesFile = join(cachePaths().root, 'test-pass-seconds.json');
const bold = (text: string): string => (process.stdout.isTTY ? `\u001b[1m${text}\u001b[0m` : text);
const runStarted = Date.now();
const seconds = (since: number): number => Math.round((Date.now() - since) / 1000);

const onlyIndex = process.argv.indexOf('--only');
const only = onlyIndex === -1 ? undefined : new RegExp(process.argv[onlyIndex + 1] ?? '');
/**
 * One slot more than the cores: every pass waits part of its time (the platform pass on pages, drafts and the browser,
 * the model passes on the model), and a third slot fills those waits. On two cores, three slots took npm test from
 * about 970 s to 860 s, the same tests passing; more than three was not measured.
 */
const slotCount = Math.max(1, Number(process.env['PM_TEST_SLOTS'] ?? Math.min(3, availableParallelism() + 1)));
/**
 * The local model's threads (llama.cpp and onnxruntime) in every pass: the cores shared out between the slots. Their
 * threads spin while they wait for each other, so a model given both cores of a machine whose other core is busy with
 * the other slot burns CPU waiting: packages/ai's local-model test took 220 s of CPU on two threads beside a busy slot
 * and 79 s on one, the same six tests passing. AI_THREADS set by the caller wins.
 */
const modelThreads = process.env['AI_THREADS'] ?? String(Math.max(1, Math.floor(availableParallelism() / slotCount)));

for (const dir of sweepStaleDirs(tmpdir())) process.stdout.write(`[test] removed ${dir}, left by a run that was killed\n`);
const reports = mkdtempSync(join(tmpdir(), 'pm-jest-reports-'));
claimDir(reports);

interface Pass {
  label: string;
  dir: string;
  args: string[];
  /** Needs the slot's test infrastructure (an integration project with the shared global setup). */
  stack: boolean;
  env?: NodeJS.ProcessEnv;
}

interface Result {
  label: string;
  outcome: JestOutcome;
  seconds: number;
  cpuSeconds?: number;
}

/**
 * Integration passes split in jest shards, each a pass of its own (so on its own slot and test infrastructure): the
 * BFF's, the longest integration pass of the run (each shard starts the five services its API tests share).
 */
const shardsOf: Record<string, number> = { bff: 2 };

interface ProjectConfig {
  displayName?: string;
  globalSetup?: string;
}

async function projectsOf(workspace: Workspace): Promise<ProjectConfig[]> {
  const { default: config } = (await import(pathToFileURL(join(workspace.dir, 'jest.config.js')).href)) as { default: { projects?: ProjectConfig[] } };
  return config.projects ?? [];
}

/** Whether the folder has a file the integration project would run (`*.int-spec.ts` under src/ or test/). */
function hasIntegrationTests(dir: string): boolean {
  return ['src', 'test'].some((folder) => {
    const path = join(dir, folder);
    if (!existsSync(path)) return false;
    return readdirSync(path, { recursive: true, encoding: 'utf8' }).some((file) => file.endsWith('.int-spec.ts') && !file.includes('node_modules'));
  });
}

async function planPasses(workspaces: Workspace[]): Promise<Pass[]> {
  const passes: Pass[] = [];
  const withUnits: string[] = [];
  const withPlatformTests: string[] = [];
  for (const workspace of workspaces) {
    const projects = await projectsOf(workspace);
    if (projects.some((project) => project.displayName === 'unit')) withUnits.push(workspace.dir);
    const integration = projects.find((project) => project.displayName === 'integration');
    const shards = shardsOf[workspace.path] ?? 1;
    // A workspace whose integration project has no test file yet gets no pass (no jest start, no infrastructure).
    for (let shard = 1; integration && hasIntegrationTests(workspace.dir) && shard <= shards; shard++) {
      passes.push({
        label: `${workspace.path} integration${shards > 1 ? ` ${shard}/${shards}` : ''}`,
        dir: workspace.dir,
        args: ['--selectProjects', 'integration', ...(shards > 1 ? [`--shard=${shard}/${shards}`] : [])],
        stack: integration.globalSetup !== undefined,
      });
    }
    if (projects.some((project) => project.displayName === 'e2e')) withPlatformTests.push(workspace.dir);
  }
  passes.push({
    label: 'unit (all workspaces)',
    dir: root,
    args: ['--config', unitsConfig],
    stack: false,
    env: { PM_UNIT_WORKSPACES: JSON.stringify(withUnits) },
  });
  passes.push({
    label: 'platform (browser journeys, demo account)',
    dir: root,
    args: ['--config', platformConfig],
    stack: false,
    env: { PM_E2E_WORKSPACES: JSON.stringify(withPlatformTests) },
  });
  const keep = (pass: Pass): boolean => only === undefined || only.test(pass.label);
  return passes.filter(keep);
}

/** Seconds of the longest passes on a two-core machine, for the order of a first run (no durations kept yet). */
const firstRunEstimates: Record<string, number> = {
  'platform (browser journeys, demo account)': 800,
  'services/assistant integration': 330,
  'unit (all workspaces)': 250,
  'bff integration 1/2': 200,
  'bff integration 2/2': 200,
  'services/portfolio integration': 100,
  'services/messaging integration': 90,
  'services/vault integration': 60,
  'packages/ai integration': 50,
};

function lastDurations(): Record<string, number> {
  try {
    return { ...firstRunEstimates, ...(JSON.parse(readFileSync(timesFile, 'utf8')) as Record<string, number>) };
  } catch {
    return firstRunEstimates;
  }
}

const running = new Set<ChildProcess>();
const stacks: RunningStack[] = [];

const interrupt = (signal: NodeJS.Signals): void => {
  for (const child of running) child.kill(signal);
  for (const stack of stacks) stack.killNow();
  rmSync(reports, { recursive: true, force: true });
  process.exit(130);
};
process.once('SIGINT', interrupt);
process.once('SIGTERM', interrupt);

let cpuReading = endedChildrenCpuSeconds();

/**
 * Runs one jest pass; its output is collected and printed in one piece when it ends, so passes do not interleave.
 * Resolves with jest's exit code and the CPU seconds its processes used.
 */
function runJest(pass: Pass, reportFile: string, env: NodeJS.ProcessEnv, live: boolean): Promise<{ code: number | null; cpuSeconds: number | undefined }> {
  return new Promise((resolveExit) => {
    const child = spawn(
      process.execPath,
      ['--experimental-vm-modules', jestBin, '--ci', '--passWithNoTests', '--json', `--outputFile=${reportFile}`, ...pass.args],
      { cwd: pass.dir, env: { ...env, ...pass.env }, stdio: ['ignore', live ? 'inherit' : 'pipe', live ? 'inherit' : 'pipe'] },
    );
    running.add(child);
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    // A process a test leaked would keep the output pipes open after jest exits: its exit ends the pass, with what
    // the pipes carried within two more seconds.
    child.once('exit', (code) => {
      running.delete(child);
      // Node has waited for the child when 'exit' fires: its CPU (and its waited-for descendants') is in cutime now.
      const reading = endedChildrenCpuSeconds();
      const cpuSeconds = reading === undefined || cpuReading === undefined ? undefined : reading - cpuReading;
      cpuReading = reading;
      let finished = false;
      const finish = (): void => {
        if (finished) return;
        finished = true;
        clearTimeout(timer);
        child.stdout?.destroy();
        child.stderr?.destroy();
        if (!live) process.stdout.write(Buffer.concat(output));
        resolveExit({ code, cpuSeconds });
      };
      const timer = setTimeout(finish, 2_000);
      if (live) finish();
      else child.once('close', finish);
    });
  });
}

const secrets = loadSecrets(cachePaths().secretsFile);
const usedPorts: number[] = [];

async function startSlotStack(slot: number): Promise<RunningStack> {
  const ports: StackPorts =
    slot === 0
      ? await plannedOrFreePorts(testPorts, (busy) =>
          process.stdout.write(`[test] test ports in use (${busy.join(', ')}), probably another test run: using free ports\n`),
        )
      : await freePorts(testPorts, usedPorts);
  usedPorts.push(...Object.values(ports));
  const dataDir = mkdtempSync(join(tmpdir(), 'pm-test-'));
  claimDir(dataDir);
  const startedAt = Date.now();
  const stack = await startStack({ dataDir, ports, secrets, durable: false, ephemeral: true });
  stacks.push(stack);
  process.stdout.write(`[test] slot ${slot + 1}: test infrastructure up in ${seconds(startedAt)} s (PostgreSQL on ${ports.postgres})\n`);
  return stack;
}

const results: Result[] = [];
const times: FileTime[] = [];
let reportCount = 0;

async function runPass(pass: Pass, env: NodeJS.ProcessEnv, live: boolean): Promise<void> {
  const reportFile = join(reports, `${reportCount++}.json`);
  const startedAt = Date.now();
  runningLabels.set(pass.label, startedAt);
  const { code, cpuSeconds } = await runJest(pass, reportFile, env, live);
  runningLabels.delete(pass.label);
  const outcome = readJestOutcome(reportFile, code);
  const took = seconds(startedAt);
  results.push({ label: pass.label, outcome, seconds: took, ...(cpuSeconds === undefined ? {} : { cpuSeconds }) });
  times.push(...fileTimes(reportFile, pass.label, root));
  process.stdout.write(`${bold(`━━ ${pass.label}: ${outcome.passed} passed, ${outcome.failed} failed in ${took} s`)}\n`);
}

/** Runs the passes `slotCount` at a time, longest first. */
async function runParallel(passes: Pass[]): Promise<void> {
  const durations = lastDurations();
  const queue = [...passes].sort((a, b) => (durations[b.label] ?? 60) - (durations[a.label] ?? 60));
  const slot = async (index: number): Promise<void> => {
    let stack: RunningStack | undefined;
    for (;;) {
      const pass = queue.shift();
      if (pass === undefined) {
        // Nothing left for this slot: its infrastructure goes, leaving the cores to the passes still running.
        if (stack) {
          stacks.splice(stacks.indexOf(stack), 1);
          await stack.stop();
        }
        return;
      }
      if (pass.stack && stack === undefined) {
        try {
          stack = await startSlotStack(index);
        } catch (error) {
          const problem = `the test infrastructure did not start: ${error instanceof Error ? error.message : String(error)}`;
          results.push({ label: pass.label, outcome: { passed: 0, failed: 1, problems: [problem] }, seconds: 0 });
          continue;
        }
      }
      const env = { ...process.env, NODE_ENV: 'test', AI_THREADS: modelThreads, ...(stack ? { ...stack.env, PM_TEST_STACK: 'external' } : {}) };
      process.stdout.write(`${bold(`▶ ${pass.label}`)} (slot ${index + 1}, ${seconds(runStarted)} s into the run)\n`);
      await runPass(pass, env, slotCount === 1);
    }
  };
  await Promise.all(Array.from({ length: slotCount }, (_, index) => slot(index)));
}

// Buffered passes print nothing until they end: a line every two minutes says what is still running.
const runningLabels = new Map<string, number>();
const progress = setInterval(() => {
  if (runningLabels.size === 0) return;
  const list = [...runningLabels].map(([label, since]) => `${label} (${seconds(since)} s)`).join(', ');
  process.stdout.write(`[test] ${seconds(runStarted)} s into the run, running: ${list}\n`);
}, 120_000);
progress.unref();

let exitCode = 0;
try {
  const workspaces = listWorkspaces(root).filter((workspace) => existsSync(join(workspace.dir, 'jest.config.js')));
  const passes = await planPasses(workspaces);
  process.stdout.write(`${bold(`[test] ${passes.length} passes, ${slotCount} at a time`)}\n`);
  await runParallel(passes);
} catch (error) {
  console.error(`[test] ${error instanceof Error ? error.message : String(error)}`);
  exitCode = 1;
} finally {
  await Promise.all(stacks.map((stack) => stack.stop()));
  rmSync(reports, { recursive: true, force: true });
}

if (only === undefined && exitCode === 0) {
  try {
    mkdirSync(dirname(timesFile), { recursive: true });
    writeFileSync(timesFile, `${JSON.stringify(Object.fromEntries(results.map(({ label, seconds: took }) => [label, took])), null, 2)}\n`);
  } catch {
    // Only the order of the next run depends on it.
  }
}

const passed = results.reduce((sum, { outcome }) => sum + outcome.passed, 0);
const failed = results.reduce((sum, { outcome }) => sum + outcome.failed, 0) + exitCode;
process.stdout.write(`\n${bold('[test] summary')}\n`);
for (const { label, outcome } of results) {
  process.stdout.write(`  ${label.padEnd(36)} ${outcome.passed} passed, ${outcome.failed} failed\n`);
  for (const problem of outcome.problems) process.stdout.write(`    ! ${problem}\n`);
}
const summary = `${passTable(`test passes (${seconds(runStarted)} s in all, ${slotCount} at a time)`, results)}\n\n${slowestFiles(times)}\n`;
process.stdout.write(`\n${summary}\n`);
const summaryFile = process.env['PM_TEST_SUMMARY_FILE'];
if (summaryFile) writeFileSync(summaryFile, summary);
process.stdout.write(`${passed} passed, ${failed} failed\n`);
process.exitCode = failed > 0 ? 1 : 0;
