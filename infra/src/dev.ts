import { existsSync, renameSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { appEnv, paddleWebhookOf, smtpInboundPort, stripeWebhooksOf, vaultStagingDir } from './apps/app-env.ts';
import { type AppDefinition, discoverApps } from './apps/app-catalog.ts';
import { consoleLine, consoleMode, type ConsoleMode } from './apps/console-filter.ts';
import { OutputPrefixer } from './apps/output-prefixer.ts';
import { cachePaths } from './cache-paths.ts';
import { httpOk } from './health/http-probe.ts';
import { waitUntilReady } from './health/wait-until-ready.ts';
import { claimInstance, readInstance, recordChildren, releaseInstance } from './instance-record.ts';
import { ManagedProcess } from './process/managed-process.ts';
import { stopLeftovers } from './stop-leftovers.ts';
import { provisionStreams } from './provision-streams.ts';
import { alreadyRunningMessage, runningInstance } from './running-instance.ts';
import { activeProfile } from './profile.ts';
import { loadSecrets } from './secrets.ts';
import { type RunningStack, startStack } from './stack.ts';
import { demoSeedMarkerFile, seedDemoAccount } from './demo/seed-demo-account.ts';
import { demoMessagingInputs } from './demo/seed-demo-conversations.ts';
import { demoHomeOwner } from './demo/demo-home-owner.data.ts';
import { localModelsVerified } from './components/ai-models.ts';

/**
 * `npm start`: the dev infrastructure, every service's migrations, then every app, until Ctrl-C stops it all. Each
 * app's output goes whole to `<data>/logs/<app>.log`; the console gets one short line per thing that matters
 * (apps/console-filter.ts), or every JSON line with `npm start -- --verbose` (PM_LOG=live). Nothing is restarted
 * behind the developer's back: a crash is reported and left visible.
 */

const root = process.env['PM_ROOT'] ?? resolve(import.meta.dirname, '../..');
const paths = cachePaths();
const profile = activeProfile();
const startedAt = Date.now();
const appReadyTimeoutMs = 180_000;
const shownOnConsole = consoleModeOrExit();

const say = (message: string): void => {
  process.stdout.write(`[start] ${message}\n`);
};

function consoleModeOrExit(): ConsoleMode {
  try {
    return consoleMode(process.argv.slice(2), process.env);
  } catch (error) {
    process.stderr.write(`[start] ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  }
}

const shutdownRequested = new AbortController();
let stack: RunningStack | undefined;
const apps: { app: AppDefinition; child: ManagedProcess }[] = [];
let startup: Promise<void> | undefined;
let shutdown: Promise<void> | undefined;

async function claimOrRefuse(): Promise<boolean> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    if (claimInstance(profile.instanceFile)) return true;
    const running = runningInstance(profile.instanceFile);
    if (running !== undefined) {
      process.stderr.write(`${alreadyRunningMessage(running)}\n`);
      return false;
    }
    const existing = readInstance(profile.instanceFile);
    // The previous orchestrator died without cleaning up (SIGKILL, a closed terminal): stop what it left behind.
    if (existing !== undefined) {
      for (const name of await stopLeftovers(existing)) say(`stopped ${name}, left over by a previous run`);
    }
    releaseInstance(profile.instanceFile);
  }
  throw new Error(`cannot claim ${profile.instanceFile}: another start is racing this one`);
}

function rememberChildren(): void {
  recordChildren(profile.instanceFile, [
    ...(stack?.processes ?? []).map((child) => ({ name: child.name, pid: child.pid })),
    ...apps.map(({ child }) => ({ name: child.name, pid: child.pid })),
  ]);
}

function watchForCrash(child: ManagedProcess, prefixer: OutputPrefixer): void {
  void child.exited.then((exit) => {
    if (child.stopRequested || shutdownRequested.signal.aborted) return;
    const how = exit.signal ?? `code ${exit.code}`;
    const log = child.logFile === undefined ? '' : ` (its log: ${child.logFile})`;
    prefixer.shout(child.name, `EXITED UNEXPECTEDLY (${how})${log}. It is not restarted; the other processes keep running.`);
  });
}

/** An app's log file, `<data>/logs/<app>.log` (its migrations' lines first); the previous start's is kept beside it. */
function appLogFile(logDir: string, name: string): string {
  return join(logDir, `${name}.log`);
}

function keepPreviousLog(logDir: string, name: string): void {
  const file = appLogFile(logDir, name);
  if (existsSync(file)) renameSync(file, join(logDir, `${name}.previous.log`));
}

/** What an app's line becomes on the console: every line is in its log file already. */
function toConsole(prefixer: OutputPrefixer, name: string): (line: string, stream: 'stdout' | 'stderr') => void {
  return (line, stream) => {
    const shown = consoleLine(line, stream, shownOnConsole);
    if (shown !== undefined) prefixer.write(name, shown.text, shown.stream);
  };
}

async function runMigration(app: AppDefinition, script: string, env: NodeJS.ProcessEnv, prefixer: OutputPrefixer, logDir: string): Promise<boolean> {
  const migrate = await ManagedProcess.start({
    name: `${app.name}:migrate`,
    command: process.execPath,
    args: ['--enable-source-maps', script],
    cwd: app.dir,
    env,
    logFile: appLogFile(logDir, app.name),
    onLine: toConsole(prefixer, app.name),
  });
  const exit = await migrate.exited;
  if (exit.code === 0) return true;
  prefixer.shout(app.name, `migrations FAILED (${exit.signal ?? `code ${exit.code}`}): ${app.name} is not started; its log: ${appLogFile(logDir, app.name)}`);
  return false;
}

async function start(): Promise<void> {
  const secrets = loadSecrets(paths.secretsFile);
  const catalog = discoverApps(root, { portOffset: profile.appPortOffset, webFromBff: profile.webFromBff });
  const prefixer = new OutputPrefixer(['postgres', 'nats', 'minio', 'temporal', 'mail', 'stripe', 'paddle', ...catalog.apps.map((app) => app.name)]);
  for (const { name, reason } of catalog.skipped) say(`${name}: not started, ${reason}`);

  say(`starting PostgreSQL, NATS JetStream, MinIO, Temporal and the mail sink (${profile.name} profile, data in ${profile.dataDir})`);
  stack = await startStack({
    dataDir: profile.dataDir,
    ports: profile.stackPorts,
    secrets,
    durable: profile.durable,
    ephemeral: !profile.durable,
    stripeWebhooks: stripeWebhooksOf(profile, secrets),
    paddleWebhook: paddleWebhookOf(profile, secrets),
  });
  rememberChildren();
  for (const child of stack.processes) watchForCrash(child, prefixer);
  say(`infrastructure ready in ${((Date.now() - startedAt) / 1000).toFixed(1)}s (logs in ${stack.logDir})`);
  if (shutdownRequested.signal.aborted) return;

  await provisionStreams(stack.env.NATS_URL);
  say('JetStream streams provisioned');

  const logDir = stack.logDir;
  for (const app of catalog.apps) keepPreviousLog(logDir, app.name);
  const toStart: AppDefinition[] = [];
  for (const app of catalog.apps) {
    if (shutdownRequested.signal.aborted) return;
    if (app.migrateScript === undefined) {
      if (app.kind === 'service') say(`${app.name}: no dist/migrate.js, no migrations to run`);
      toStart.push(app);
    } else if (await runMigration(app, app.migrateScript, appEnv(stack.env, app.port, profile, app.name), prefixer, logDir)) {
      toStart.push(app);
    }
  }
  if (shutdownRequested.signal.aborted) return;
  say(`migrations done; starting ${toStart.map((app) => app.name).join(', ')}`);

  for (const app of toStart) {
    const child = await ManagedProcess.start({
      name: app.name,
      command: app.command,
      args: app.args,
      cwd: app.dir,
      env: appEnv(stack.env, app.port, profile, app.name),
      logFile: appLogFile(logDir, app.name),
      onLine: toConsole(prefixer, app.name),
    });
    apps.push({ app, child });
    watchForCrash(child, prefixer);
  }
  rememberChildren();

  const readiness = await Promise.allSettled(
    apps.map(async ({ app, child }) => {
      await waitUntilReady(() => httpOk(app.readyUrl), {
        what: `${app.name} (${app.readyUrl})`,
        timeoutMs: appReadyTimeoutMs,
        intervalMs: 500,
        process: child,
        signal: shutdownRequested.signal,
      });
      say(`${app.name} ready (${((Date.now() - startedAt) / 1000).toFixed(1)}s)`);
      return app.name;
    }),
  );
  if (shutdownRequested.signal.aborted) return;
  const notReady = readiness.flatMap((result, index) =>
    result.status === 'rejected' ? [{ name: apps[index]?.app.name ?? '?', reason: String((result.reason as Error).message) }] : [],
  );
  for (const { name, reason } of notReady) prefixer.shout(name, `NOT READY: ${reason}`);
  const ready = (name: string): boolean => toStart.some((app) => app.name === name) && !notReady.some((app) => app.name === name);
  if (ready('identity') && ready('portfolio') && ready('bff')) {
    await seedDemo(toStart.find((app) => app.name === 'bff')!.port, stack.urls.mailUi, ready('assistant') && terriAnswersLocally(), ready('messaging'), ready('vault'), ready('payments') ? stack.env.STRIPE_API_URL : undefined, ready('payments') ? stack.env.PADDLE_API_URL : undefined);
  }
  printUrls(toStart, notReady.map(({ name }) => name));
}

/** The demo account's portfolio, entered through the BFF once the apps are up; a failure is reported, not fatal. */
async function seedDemo(bffPort: number, mailApiUrl: string, terriConversation: boolean, messagingUp: boolean, vaultUp: boolean, stripeUrl: string | undefined, paddleUrl: string | undefined): Promise<void> {
  const seedStartedAt = Date.now();
  try {
    const messaging = messagingUp ? demoMessagingInputs(profile) : undefined;
    const result = await seedDemoAccount({
      apiUrl: `http://127.0.0.1:${bffPort}/api`,
      password: process.env['DEMO_ACCOUNT_PASSWORD'] ?? loadSecrets(paths.secretsFile).demoPassword,
      markerFile: demoSeedMarkerFile(profile.dataDir),
      mailApiUrl,
      terriConversation,
      ...(messaging ? { messaging } : {}),
      ...(vaultUp ? { documents: { stagingDir: vaultStagingDir() } } : {}),
      ...(stripeUrl ? { payments: { stripeUrl } } : {}),
      ...(paddleUrl ? { plan: { paddleUrl } } : {}),
    });
    if (result.status === 'already-seeded') say('demo account: seeded before, left as it is');
    else if (result.status === 'in-use') say('demo account: holds locations of its own, not seeded');
    else {
      const kept = result.kept.length ? ` (kept as they are: ${result.kept.join(', ')})` : '';
      const seconds = ((Date.now() - seedStartedAt) / 1000).toFixed(1);
      say(`demo account: seeded ${result.created.length ? result.created.join(', ') : 'nothing new'}${kept} in ${seconds}s` + ('asked' in result.chat ? `; AI chat: ${result.chat.asked} questions answered` : `; AI chat: not seeded (${result.chat.skipped})`));
      const talk = result.conversations;
      if ('messages' in talk) {
        say(`demo conversations: ${talk.messages} messages in the inbox (their AI drafts follow in the background)${talk.done.length ? `; done: ${talk.done.join(', ')}` : ''}`);
        for (const reason of talk.skipped) say(`demo conversations: skipped ${reason}`);
      } else say(`demo conversations: not seeded (${talk.skipped})`);
      const calls = result.calls;
      const docs = result.documents;
      say('filed' in docs ? `demo documents: ${docs.filed.length} filed, ${docs.kept} there before` : `demo documents: not seeded (${docs.skipped})`);
      say('placed' in calls ? `demo calls: ${calls.placed.length} placed, ${calls.kept.length} there before` : `demo calls: not placed (${calls.skipped})`);
      const rent = result.payments;
      say('units' in rent ? `demo rent: ${rent.units} units with rent, ${rent.payments} payments, ${rent.recurring} recurring${rent.connected ? ', payouts connected' : ''}` : `demo rent: not seeded (${rent.skipped})`);
      const plan = result.plan;
      say('plan' in plan ? `demo plan: ${plan.plan} (${plan.status ?? 'no subscription'}${plan.trialEndsAt ? `, trial until ${plan.trialEndsAt.slice(0, 10)}` : ''})` : `demo plan: not seeded (${plan.skipped})`);
      const owner = result.homeOwner;
      const ownerDocs = 'filed' in owner.documents ? `${owner.documents.filed.length} documents filed, ${owner.documents.kept} there before` : `no documents (${owner.documents.skipped})`;
      say(`demo home owner ${demoHomeOwner.email}: home ${owner.home}, ${ownerDocs}`);
    }
  } catch (error) {
    say(`demo account: NOT SEEDED: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Terri answers the demo resident for real only with the local provider and both of its models verified. */
function terriAnswersLocally(): boolean {
  return (process.env['AI_PROVIDER'] ?? 'local') === 'local' && localModelsVerified(process.env['AI_MODELS_DIR'] ?? paths.models);
}

function printUrls(started: AppDefinition[], notReady: string[]): void {
  if (stack === undefined) return;
  const urlOf = (name: string): string => `http://127.0.0.1:${started.find((app) => app.name === name)?.port ?? '?'}`;
  const bffUrl = urlOf('bff');
  const webUrl = urlOf('web');
  const has = (name: string): boolean => started.some((app) => app.name === name) && !notReady.includes(name);
  const absent = (name: string): string => (started.some((app) => app.name === name) ? '(not ready, see above)' : '(not there yet)');
  const rows: [string, string][] = [
    ['web app', profile.webFromBff ? (has('bff') ? bffUrl : absent('bff')) : has('web') ? webUrl : absent('web')],
    ['BFF / API docs', has('bff') ? `${bffUrl}/api/docs` : absent('bff')],
    ['mail UI', stack.urls.mailUi],
    ['inbound e-mail (SMTP)', has('messaging') ? `smtp://127.0.0.1:${smtpInboundPort(profile)}  (to a location's generated address)` : absent('messaging')],
    ['demo account', has('identity') ? `demo@pm.local  password ${loadSecrets(paths.secretsFile).demoPassword}` : absent('identity')],
    ['demo home owner', has('identity') ? `${demoHomeOwner.email}  (same password; the home-owner portal)` : absent('identity')],
    ['local Google (OIDC)', stack.env.OIDC_ISSUER_URL ?? '(not started)'],
    ['local Stripe (sandbox)', stack.env.STRIPE_API_URL ? `${stack.env.STRIPE_API_URL}  (hosted checkout and onboarding; its test cards and accounts in packages/stripe-sandbox/README.md)` : '(not started)'],
    ['local Paddle (sandbox)', stack.env.PADDLE_API_URL ? `${stack.env.PADDLE_API_URL}  (the plans' hosted checkout, its subscriptions and controls; test cards in packages/paddle-sandbox/README.md)` : '(not started)'],
    ['MinIO console', `${stack.urls.minioConsole}  (user and password: minioAccessKey/minioSecretKey in ${paths.secretsFile})`],
    ['Temporal UI', stack.urls.temporalUi ?? '(none: the Java fallback server has no UI)'],
    ['NATS monitor', stack.urls.natsMonitor],
    ['PostgreSQL', `127.0.0.1:${profile.stackPorts.postgres} database pm, user postgres (password: postgresPassword in ${paths.secretsFile})`],
    ['logs', `${stack.logDir}  (<app>.log: every JSON line; npm start -- --verbose shows them live)`],
  ];
  for (const app of started) rows.push([`${app.name} ready`, app.readyUrl]);
  const width = Math.max(...rows.map(([label]) => label.length));
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
  process.stdout.write(
    `\n  The platform is up (${seconds}s). Ctrl-C stops everything.\n\n${rows.map(([label, url]) => `  ${label.padEnd(width)}  ${url}`).join('\n')}\n\n`,
  );
}

function stopAll(reason: string): Promise<void> {
  shutdown ??= (async () => {
    say(`${reason}: stopping${startup === undefined ? '' : ' (after the current start-up step)'}…`);
    shutdownRequested.abort();
    await startup?.catch(() => undefined);
    // Apps first: they hold connections to the infrastructure and should close them cleanly.
    await Promise.all(apps.map(({ child }) => child.stop()));
    await stack?.stop();
    releaseInstance(profile.instanceFile);
    say('stopped');
  })();
  return shutdown;
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (shutdown !== undefined) {
      say('already stopping; each process gets a grace period before SIGKILL');
      return;
    }
    void stopAll(signal).then(() => process.exit(0));
  });
}

if (!(await claimOrRefuse())) process.exit(1);
startup = start();
try {
  await startup;
  startup = undefined;
} catch (error) {
  startup = undefined;
  // An abort from Ctrl-C during start-up is not a failure; the signal handler finishes the shutdown.
  if (shutdownRequested.signal.aborted) await shutdown;
  else {
    console.error(`\n[start] the platform did not start: ${error instanceof Error ? error.message : String(error)}\n`);
    await stopAll('start-up failed');
    process.exit(1);
  }
}
