import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { createTestSchema } from './test-schema.js';
import { freePort } from './free-port.js';
import { waitFor } from './wait-for.js';

/** A platform service started by `startBuiltService`. */
export interface BuiltService {
  /** Its database schema (dropped by `stop`). */
  schema: string;
  port: number;
  /** `http://127.0.0.1:<port>`: its health, webhooks and any HTTP route. */
  baseUrl: string;
  /** Stops the process, waits for it to exit and drops its schema. */
  stop(): Promise<void>;
  /** Signals the process to stop without waiting, for a test process about to die (Ctrl-C). */
  kill(): void;
  /** SIGKILL, as a crash or an OOM kill: no shutdown hook runs, open transactions are lost. Waits for the exit. */
  crash(): Promise<void>;
  /** Starts the process again (same schema and port, no migration) and waits until it is ready. */
  restart(): Promise<void>;
}

/**
 * Another service of the platform as its built dist in a child process, on a PostgreSQL schema of its own, migrated
 * first (`dist/migrate.js`), then started (`dist/main.js`) and waited for until `/health/ready` answers. A service's
 * own tests start it in their process (nest-kit's `startServiceUnderTest`); the services it talks to are started this
 * way, never imported, as in production. `env` is the whole environment the service gets (nothing of the test process
 * leaks in); HTTP_PORT and `<SERVICE>_SCHEMA` are set here.
 */
export async function startBuiltService(options: {
  service: string;
  /** The folder holding the services (`services/`). */
  servicesDir: string;
  /** Prefix of its schema's name, to tell the test's schemas apart. */
  schemaLabel: string;
  env: NodeJS.ProcessEnv;
  /** Its HTTP port, when other settings name it before it starts (identity's JWKS URL); a free one by default. */
  port?: number;
}): Promise<BuiltService> {
  // In the database the service is given (the stack's, or a test's own cluster).
  const { schema, dropSchema } = await createTestSchema(options.schemaLabel, options.env['DATABASE_URL']);
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = { ...options.env, HTTP_PORT: String(port), [`${options.service.toUpperCase()}_SCHEMA`]: schema };
  const cwd = resolve(options.servicesDir, options.service);
  const children: ChildProcess[] = [];
  const run = (script: string) => {
    const child = spawn(process.execPath, [script], { cwd, env, stdio: ['ignore', 'inherit', 'inherit'] });
    children.push(child);
    return child;
  };
  const running = () => children.filter((child) => child.exitCode === null && child.signalCode === null);
  const kill = (): void => {
    for (const child of running()) child.kill('SIGTERM');
  };
  const stop = async (): Promise<void> => {
    await Promise.all(
      running().map((child) => {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        // A shutdown that hangs (its database or NATS gone) must not hold the test run: SIGKILL after 10 s.
        const escalate = setTimeout(() => child.kill('SIGKILL'), 10_000);
        return exited.finally(() => clearTimeout(escalate));
      }),
    );
    await dropSchema();
  };
  const crash = async (): Promise<void> => {
    await Promise.all(
      running().map((child) => {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGKILL');
        return exited;
      }),
    );
  };
  const start = async (): Promise<void> => {
    const child = run('dist/main.js');
    const gone = () => child.exitCode !== null || child.signalCode !== null;
    // Each probe is bounded too: a service that takes the connection and never answers would otherwise hold one
    // probe (and the test run) far past waitFor's limit, which it checks only between probes. A service that exits
    // (its configuration refused, its database unreachable) ends the wait at once.
    await waitFor(async () => gone() || (await fetch(`${baseUrl}/health/ready`, { signal: AbortSignal.timeout(5_000) }).catch(() => undefined))?.ok, {
      timeout: 60_000,
      description: `${options.service} ready`,
    });
    if (gone()) throw new Error(`${options.service} exited (${child.exitCode ?? child.signalCode}) before it was ready`);
  };
  const restart = async (): Promise<void> => {
    if (running().length > 0) throw new Error(`${options.service} is still running: crash or stop it first`);
    await start();
  };
  try {
    const code = await new Promise<number | null>((done) => run('dist/migrate.js').once('exit', done));
    if (code !== 0) throw new Error(`${options.service}: migrations exited with ${code} (build it first: npx turbo run build)`);
    await start();
  } catch (error) {
    await stop();
    throw error;
  }
  return { schema, port, baseUrl, stop, kill, crash, restart };
}
