import { createServer } from 'node:net';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { cachePaths } from './cache-paths.ts';
import { startMailSink } from './components/mail-sink.component.ts';
import { startMinio } from './components/minio.component.ts';
import { startOidcProvider } from './components/oidc-provider.component.ts';
import { startNats } from './components/nats.component.ts';
import { startPostgres } from './components/postgres.component.ts';
import { startPaddleSandbox } from './components/paddle-sandbox.component.ts';
import { startStripeSandbox } from './components/stripe-sandbox.component.ts';
import { startTemporal } from './components/temporal.component.ts';
import { tcpOpen } from './health/tcp-probe.ts';
import { type ManagedProcess } from './process/managed-process.ts';
import { type StackPorts } from './ports.ts';
import { type Secrets } from './secrets.ts';
import { type StackEnv } from './stack-env.ts';
import { readVersions } from './versions.ts';

export { devPorts, e2ePorts, testPorts, type StackPorts } from './ports.ts';

export interface StackOptions {
  dataDir: string;
  ports: StackPorts;
  secrets: Secrets;
  /** Dev data must survive a crash; a test stack trades that for speed (no fsync). Default true. */
  durable?: boolean;
  /** Delete every data directory on stop (test stacks in a temp dir). Default false. */
  ephemeral?: boolean;
  /**
   * Run the local Stripe, posting its signed webhooks to the payments service at this URL (npm start, the journeys).
   * The test runner leaves it out: each test starts the sandboxes it needs, on ports of its own.
   */
  stripeWebhooks?: { url: string; secret: string; connectSecret: string };
  /** Run the local Paddle Billing, posting its signed notifications to the payments service at this URL (as Stripe's). */
  paddleWebhook?: { url: string; secret: string };
}

export interface StackUrls {
  mailUi: string;
  minioConsole: string;
  temporalUi: string | undefined;
  natsMonitor: string;
}

export interface RunningStack {
  env: StackEnv;
  urls: StackUrls;
  processes: readonly ManagedProcess[];
  logDir: string;
  stop(): Promise<void>;
  /**
   * Synchronous last resort for a process that is about to die (a signal or `exit` handler cannot await): SIGKILLs
   * every process group and deletes ephemeral data.
   */
  killNow(): void;
}

export const vaultBucket = 'pm-vault';
export const temporalNamespace = 'default';

/** The ports of the plan that something already listens on, as "name port". */
export async function busyPorts(ports: StackPorts): Promise<string[]> {
  const busy: string[] = [];
  await Promise.all(
    Object.entries(ports).map(async ([name, port]) => {
      if (await tcpOpen('127.0.0.1', port, 500)) busy.push(`${name} ${port}`);
    }),
  );
  return busy;
}

/**
 * The planned ports, unless something holds them (another test run, a colleague's terminal): then ports the OS
 * reports free, so concurrent throw-away stacks do not fail on each other. Never for the dev stack, whose ports are
 * its address.
 */
export async function plannedOrFreePorts(planned: StackPorts, onFallback?: (busy: string[]) => void): Promise<StackPorts> {
  const busy = await busyPorts(planned);
  if (busy.length === 0) return planned;
  onFallback?.(busy);
  return freePorts(planned);
}

/** Ports the OS reports free, one per port of the template and none of `avoid` (another stack of the same run). */
export async function freePorts(template: StackPorts, avoid: Iterable<number> = []): Promise<StackPorts> {
  const taken = new Set(avoid);
  const ports = new Set<number>();
  while (ports.size < Object.keys(template).length) {
    const port = await osAssignedPort();
    if (!taken.has(port)) ports.add(port);
  }
  const free = [...ports];
  return Object.fromEntries(Object.keys(template).map((name, index) => [name, free[index]])) as unknown as StackPorts;
}

function osAssignedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : undefined;
      server.close(() => (port === undefined ? reject(new Error('the OS assigned no port')) : resolve(port)));
    });
  });
}

async function assertPortsFree(ports: StackPorts): Promise<void> {
  const busy = await busyPorts(ports);
  if (busy.length > 0) {
    throw new Error(
      `ports already in use on 127.0.0.1: ${busy.sort().join(', ')}. Another instance (or a leftover process) holds them: ` +
        'stop it (npm run stop) or find it with `ss -ltnp`.',
    );
  }
}

function valueOf<T>(result: PromiseSettledResult<T>): T {
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}

/** Starts PostgreSQL, NATS JetStream, MinIO, Temporal and the mail sink side by side and provisions them. */
export async function startStack(options: StackOptions): Promise<RunningStack> {
  const durable = options.durable ?? true;
  const { ports, secrets, dataDir } = options;
  const paths = cachePaths();
  const logDir = join(dataDir, 'logs');
  await assertPortsFree(ports);

  const postgres = startPostgres({
    major: readVersions().postgresMajor,
    dataDir: join(dataDir, 'postgres'),
    logFile: join(logDir, 'postgres.log'),
    port: ports.postgres,
    password: secrets.postgresPassword,
    database: 'pm',
    durable,
  });
  const nats = startNats({
    binDir: paths.bin,
    dataDir: join(dataDir, 'nats'),
    logFile: join(logDir, 'nats.log'),
    port: ports.nats,
    monitorPort: ports.natsMonitor,
    durable,
  });
  const minio = startMinio({
    binDir: paths.bin,
    dataDir: join(dataDir, 'minio'),
    logFile: join(logDir, 'minio.log'),
    port: ports.minio,
    consolePort: ports.minioConsole,
    accessKey: secrets.minioAccessKey,
    secretKey: secrets.minioSecretKey,
    bucket: vaultBucket,
  });
  const temporal = startTemporal({
    binDir: paths.bin,
    dataDir: join(dataDir, 'temporal'),
    logFile: join(logDir, 'temporal.log'),
    port: ports.temporal,
    uiPort: ports.temporalUi,
    namespace: temporalNamespace,
  });
  const mail = startMailSink({
    dataDir: join(dataDir, 'mail'),
    logFile: join(logDir, 'mail.log'),
    smtpPort: ports.smtp,
    webPort: ports.mailWeb,
  });

  // The local stand-in for Google sign-in (identity's GOOGLE_* point at it in dev and tests).
  const oidc = startOidcProvider({ logFile: join(logDir, 'oidc.log') });

  const stripe = options.stripeWebhooks
    ? startStripeSandbox({
        dataDir: join(dataDir, 'stripe'),
        logFile: join(logDir, 'stripe.log'),
        port: ports.stripe,
        webhooks: options.stripeWebhooks,
        // As a bank does (ACH takes days): a payment stays processing long enough to be seen; /_sandbox/settle settles it now.
        achSettleAfterMs: 2 * 86_400_000,
      })
    : undefined;

  const paddle = options.paddleWebhook
    ? startPaddleSandbox({ dataDir: join(dataDir, 'paddle'), logFile: join(logDir, 'paddle.log'), port: ports.paddle, webhook: options.paddleWebhook })
    : undefined;

  const settled = await Promise.allSettled([postgres, nats, minio, temporal, mail, oidc, ...(stripe ? [stripe] : []), ...(paddle ? [paddle] : [])]);
  const processes: ManagedProcess[] = [];
  const failures: string[] = [];
  for (const result of settled) {
    if (result.status === 'rejected') failures.push(result.reason instanceof Error ? result.reason.message : String(result.reason));
    else processes.push('process' in result.value ? result.value.process : result.value);
  }
  const removeData = (): void => {
    if (!options.ephemeral) return;
    // Retries: a server killed a moment ago may still be writing its last files.
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
    if (settled[0].status === 'fulfilled') rmSync(settled[0].value.dataDir, { recursive: true, force: true, maxRetries: 5 });
  };
  const stop = async (): Promise<void> => {
    await Promise.all(processes.map((child) => child.stop()));
    removeData();
  };
  const killNow = (): void => {
    for (const child of processes) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    removeData();
  };
  if (failures.length > 0) {
    await stop();
    throw new Error(`the infrastructure did not start:\n  - ${failures.join('\n  - ')}`);
  }
  const runningPostgres = valueOf(settled[0]);
  const runningTemporal = valueOf(settled[3]);
  const runningOidc = valueOf(settled[5]);
  const env: StackEnv = {
    DATABASE_URL: runningPostgres.url,
    NATS_URL: `nats://127.0.0.1:${ports.nats}`,
    TEMPORAL_ADDRESS: `127.0.0.1:${ports.temporal}`,
    TEMPORAL_NAMESPACE: temporalNamespace,
    MINIO_ENDPOINT: `127.0.0.1:${ports.minio}`,
    MINIO_ACCESS_KEY: secrets.minioAccessKey,
    MINIO_SECRET_KEY: secrets.minioSecretKey,
    MINIO_BUCKET: vaultBucket,
    SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`,
    MAIL_UI_URL: `http://127.0.0.1:${ports.mailWeb}`,
    OIDC_ISSUER_URL: runningOidc.issuer,
    OIDC_CLIENT_ID: runningOidc.clientId,
    OIDC_CLIENT_SECRET: runningOidc.clientSecret,
    ...(stripe ? { STRIPE_API_URL: `http://127.0.0.1:${ports.stripe}` } : {}),
    ...(paddle ? { PADDLE_API_URL: `http://127.0.0.1:${ports.paddle}` } : {}),
  };
  return {
    env,
    urls: {
      mailUi: env.MAIL_UI_URL,
      minioConsole: `http://127.0.0.1:${ports.minioConsole}`,
      temporalUi: runningTemporal.hasUi ? `http://127.0.0.1:${ports.temporalUi}` : undefined,
      natsMonitor: `http://127.0.0.1:${ports.natsMonitor}`,
    },
    processes,
    logDir,
    stop,
    killNow,
  };
}
