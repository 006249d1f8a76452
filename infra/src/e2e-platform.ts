import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { appPorts } from './apps/app-ports.ts';
import { SMTP_INBOUND_BASE_PORT } from './apps/app-env.ts';
import { cachePaths } from './cache-paths.ts';
import { postgresUrl } from './components/postgres.component.ts';
import { tcpOpen } from './health/tcp-probe.ts';
import { e2ePorts, type StackPorts } from './ports.ts';
import { activeProfile, E2E_APP_PORT_OFFSET, e2ePortVariables, type RunProfile } from './profile.ts';
import { loadSecrets } from './secrets.ts';
import { plannedOrFreePorts } from './stack.ts';

/** The whole platform started in the orchestrator's e2e profile, and where it answers. */
export interface E2ePlatform {
  pid: number;
  log: string;
  baseUrl: string;
  mailApiUrl: string;
  /** The local Stripe (its hosted pages and /_sandbox controls: settle an ACH debit now). */
  stripeUrl: string;
  /** The platform's Paddle sandbox (the plans' hosted checkout and its /_sandbox controls). */
  paddleUrl: string;
  /** The platform's PostgreSQL (throw-away data), as superuser. */
  databaseUrl: string;
  /** The platform's NATS server (no auth on 127.0.0.1). */
  natsUrl: string;
  /** The password of the demo account (demo@pm.local), which the orchestrator seeds with the demo portfolio. */
  demoPassword: string;
  /** The e2e profile this platform runs in, with the ports chosen for this run. */
  profile: RunProfile;
  /** The variables that give this run's ports to `activeProfile` in another process (the tests'). */
  profileEnv: Record<string, string>;
}

/**
 * Start-up includes seeding the demo account, which waits on the local model (the resident's chat) while it drafts the
 * demo's messages: 170-250 s on a 2-core CI machine. The limit only matters when something hangs.
 */
const startTimeoutMs = 420_000;
const root = resolve(import.meta.dirname, '../..');

/**
 * Starts the whole platform through the same orchestrator as `npm start`, in its e2e profile (own ports, throw-away
 * data, web app served by the BFF as in production), for browser journeys and benchmarks; resolves once it is up.
 */
export async function startE2ePlatform(env: NodeJS.ProcessEnv = {}): Promise<E2ePlatform> {
  const ports = await portsForThisRun();
  const profileEnv = { [e2ePortVariables.appPortOffset]: String(ports.appPortOffset), [e2ePortVariables.stackPorts]: JSON.stringify(ports.stackPorts) };
  const log = join(mkdtempSync(join(tmpdir(), 'pm-e2e-log-')), 'platform.log');
  const out = createWriteStream(log);
  const orchestrator = spawn(process.execPath, [join(root, 'infra', 'src', 'dev.ts')], {
    cwd: root,
    // PM_LOG=live: the apps' JSON lines whole in the platform's log (their own log files go with the throw-away data).
    // The sign-in limits are raised: the journeys sign in as the one demo account, from one address, several times a
    // minute (the sixth within a minute was refused, "Too many requests", and failed a journey). The limits themselves
    // are tested by bff/test/auth.int-spec.ts. A draft gets the longest deadline the assistant allows: in CI the
    // platform shares two cores with Chromium and a parallel test slot, and a demo draft that takes 5-15 s on an idle
    // machine once ran past the 120 s meant for a manager watching an idle one (the deadline is tested in
    // services/assistant's reply-drafts tests).
    env: {
      ...process.env,
      PM_PROFILE: 'e2e',
      LOG_LEVEL: process.env['E2E_LOG_LEVEL'] ?? 'warn',
      PM_LOG: 'live',
      NODE_OPTIONS: '',
      RATE_LIMIT_PER_EMAIL: '1000',
      RATE_LIMIT_PER_IP: '100000',
      DRAFT_TIMEOUT_MS: '170000',
      ...profileEnv,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  orchestrator.stdout.pipe(out);
  orchestrator.stderr.pipe(out);

  const started = new Promise<void>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error(`the e2e platform was not up within ${startTimeoutMs / 1000}s; its log: ${log}`)), startTimeoutMs);
    let seen = '';
    orchestrator.stdout.on('data', (chunk: Buffer) => {
      seen = (seen + chunk.toString()).slice(-4_000);
      if (seen.includes('The platform is up')) {
        clearTimeout(timer);
        ready();
      }
    });
    orchestrator.once('exit', (code, signal) => {
      clearTimeout(timer);
      const tail = readFileSync(log, 'utf8').split('\n').slice(-40).join('\n');
      fail(new Error(`the e2e platform exited during start-up (${signal ?? code}); last lines of ${log}:\n${tail}`));
    });
  });
  try {
    await started;
  } catch (error) {
    // A platform that did not come up in time is stopped before the error is reported: left running, it would keep
    // the test process (and the CI run) waiting on its pipes long after the test failed.
    await stopE2ePlatform({ pid: orchestrator.pid!, log }).catch(() => orchestrator.kill('SIGKILL'));
    throw error;
  }
  const profile = activeProfile({ PM_PROFILE: 'e2e', ...profileEnv });
  return {
    pid: orchestrator.pid!,
    log,
    baseUrl: `http://127.0.0.1:${appPorts.bff + profile.appPortOffset}`,
    mailApiUrl: `http://127.0.0.1:${profile.stackPorts.mailWeb}`,
    stripeUrl: `http://127.0.0.1:${profile.stackPorts.stripe}`,
    paddleUrl: `http://127.0.0.1:${profile.stackPorts.paddle}`,
    databaseUrl: postgresUrl(profile.stackPorts.postgres, loadSecrets(cachePaths().secretsFile).postgresPassword, 'pm'),
    natsUrl: `nats://127.0.0.1:${profile.stackPorts.nats}`,
    demoPassword: env['DEMO_ACCOUNT_PASSWORD'] ?? process.env['DEMO_ACCOUNT_PASSWORD'] ?? loadSecrets(cachePaths().secretsFile).demoPassword,
    profile,
    profileEnv,
  };
}

/**
 * The planned e2e ports, or, when another e2e platform holds them (a second test run on the machine), free ones: the
 * infrastructure's from the OS, the apps' table shifted by the next offset whose every port is free (the apps' ports
 * stay one table plus one offset, as the orchestrator and the services' settings read them).
 */
async function portsForThisRun(): Promise<{ appPortOffset: number; stackPorts: StackPorts }> {
  const stackPorts = await plannedOrFreePorts(e2ePorts);
  for (let offset = E2E_APP_PORT_OFFSET; offset <= 40_000; offset += 1_000) {
    const taken = await Promise.all([...Object.values(appPorts), SMTP_INBOUND_BASE_PORT].map((port) => tcpOpen('127.0.0.1', port + offset, 500)));
    if (!taken.some(Boolean)) return { appPortOffset: offset, stackPorts };
  }
  throw new Error('no free set of app ports for the e2e platform (every offset from 20000 to 40000 is in use)');
}

/** Asks the orchestrator to stop (it stops the apps, then the infrastructure, and deletes the data) and waits. */
export async function stopE2ePlatform(platform: Pick<E2ePlatform, 'pid' | 'log'>): Promise<void> {
  const alive = () => {
    try {
      process.kill(platform.pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (!alive()) return;
  process.kill(platform.pid, 'SIGTERM');
  const deadline = Date.now() + 60_000;
  while (alive() && Date.now() < deadline) await sleep(200);
  if (alive()) throw new Error(`the e2e platform (pid ${platform.pid}) did not stop within 60s; see ${platform.log}`);
}
