import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { waitUntilReady } from '../health/wait-until-ready.ts';
import { ManagedProcess } from '../process/managed-process.ts';
import { postgresBinDir, postgresInstalled } from './postgres-binaries.ts';
import { ensureSystemUser, type SystemUser } from './system-user.ts';

export interface PostgresOptions {
  major: string;
  /** Where the caller would like the cluster; as root it is moved under /var/lib (see serverDataDir). */
  dataDir: string;
  logFile: string;
  port: number;
  password: string;
  database: string;
  /** false trades crash safety for speed: right for throw-away test clusters, wrong for dev data. */
  durable: boolean;
}

export interface RunningPostgres {
  process: ManagedProcess;
  /** The directory actually holding the cluster, so an ephemeral stack can delete it. */
  dataDir: string;
  url: string;
}

export const superuser = 'postgres';
const serviceUser = 'pmpostgres';
const rootDataRoot = '/var/lib/pm-platform';

/**
 * PostgreSQL refuses to run as root. As root the server runs as an unprivileged system user, and its cluster cannot
 * live under /root (mode 700) or a mkdtemp directory (mode 700), so it moves to /var/lib/pm-platform/<path slug>;
 * the slug keeps two checkouts or two test runs from sharing a cluster.
 */
function serverDataDir(requested: string, runAs: SystemUser | undefined): string {
  if (runAs === undefined) return requested;
  return join(rootDataRoot, requested.replace(/^\/+/, '').replace(/[^A-Za-z0-9._-]+/g, '-'));
}

function initCluster(options: PostgresOptions, dataDir: string, runAs: SystemUser | undefined): void {
  const binDir = postgresBinDir(options.major);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const pwDir = mkdtempSync(join(tmpdir(), 'pm-pg-init-'));
  const pwFile = join(pwDir, 'password');
  writeFileSync(pwFile, `${options.password}\n`, { mode: 0o600 });
  if (runAs !== undefined) {
    chownSync(dataDir, runAs.uid, runAs.gid);
    chownSync(pwDir, runAs.uid, runAs.gid);
    chownSync(pwFile, runAs.uid, runAs.gid);
  }
  try {
    execFileSync(
      join(binDir, 'initdb'),
      ['-D', dataDir, '-U', superuser, '--auth=scram-sha-256', `--pwfile=${pwFile}`, '--encoding=UTF8', '--locale=C.UTF-8'],
      { stdio: ['ignore', 'pipe', 'pipe'], ...(runAs === undefined ? {} : { uid: runAs.uid, gid: runAs.gid }) },
    );
  } catch (error) {
    // A half-initialised cluster would make every later start fail in a confusing way.
    rmSync(dataDir, { recursive: true, force: true });
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? '';
    throw new Error(`initdb failed for ${dataDir}: ${stderr || String(error)}`, { cause: error });
  } finally {
    rmSync(pwDir, { recursive: true, force: true });
  }
}

async function ensureDatabase(url: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const existing = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (existing.rowCount === 0) await client.query(`create database ${client.escapeIdentifier(database)}`);
  } catch (error) {
    // Two stacks provisioning at once may race on create database; the loser's duplicate error is harmless.
    if ((error as { code?: string }).code !== '42P04') throw error;
  } finally {
    await client.end();
  }
}

export function postgresUrl(port: number, password: string, database: string): string {
  return `postgres://${superuser}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

export async function startPostgres(options: PostgresOptions): Promise<RunningPostgres> {
  if (!postgresInstalled(options.major)) {
    throw new Error(`PostgreSQL ${options.major} is not installed at ${postgresBinDir(options.major)}: run node infra/src/install.ts`);
  }
  const runAs = process.getuid?.() === 0 ? ensureSystemUser(serviceUser) : undefined;
  if (runAs !== undefined) {
    mkdirSync(rootDataRoot, { recursive: true });
    chmodSync(rootDataRoot, 0o755);
  }
  const dataDir = serverDataDir(options.dataDir, runAs);
  if (!existsSync(join(dataDir, 'PG_VERSION'))) initCluster(options, dataDir, runAs);

  const settings: Record<string, string> = {
    listen_addresses: '127.0.0.1',
    port: String(options.port),
    // No unix socket: nothing here connects through one, and /var/run/postgresql may not be writable.
    unix_socket_directories: '',
    max_connections: '300',
    ...(options.durable ? {} : { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' }),
    // For the benchmarks (BENCH_PG_STATEMENTS=1): each statement's planning and execution time, in pg_stat_statements.
    ...(process.env['PM_POSTGRES_STATEMENT_STATS'] === '1'
      ? { shared_preload_libraries: 'pg_stat_statements', 'pg_stat_statements.track': 'all', 'pg_stat_statements.track_planning': 'on' }
      : {}),
  };
  const process_ = await ManagedProcess.start({
    name: 'postgres',
    command: join(postgresBinDir(options.major), 'postgres'),
    args: ['-D', dataDir, ...Object.entries(settings).flatMap(([key, value]) => ['-c', `${key}=${value}`])],
    logFile: options.logFile,
    stopSignal: 'SIGINT',
    ...(runAs === undefined ? {} : { user: { uid: runAs.uid, gid: runAs.gid } }),
  });

  const adminUrl = postgresUrl(options.port, options.password, 'postgres');
  try {
    await waitUntilReady(
      async () => {
        const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2_000 });
        try {
          await client.connect();
          await client.query('select 1');
          return true;
        } finally {
          await client.end().catch(() => undefined);
        }
      },
      {
        what: `PostgreSQL on 127.0.0.1:${options.port}`,
        timeoutMs: 60_000,
        process: process_,
        // 28P01: the cluster was initialised with another password than the secrets file now holds.
        fatal: (error) => (error as { code?: string }).code === '28P01',
      },
    );
    await ensureDatabase(adminUrl, options.database);
  } catch (error) {
    await process_.stop();
    if ((error as Error).message.includes('password authentication failed')) {
      throw new Error(
        `${(error as Error).message} (the cluster in ${dataDir} keeps the password it was created with: restore the secrets file or delete the cluster)`,
        { cause: error },
      );
    }
    throw error;
  }
  return { process: process_, dataDir, url: postgresUrl(options.port, options.password, options.database) };
}
