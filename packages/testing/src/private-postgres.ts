import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { postgresBinDir, readVersions, startPostgres, type RunningPostgres } from '@pm/infra';
import { freePort } from './free-port.js';

const run = promisify(execFile);

/**
 * A PostgreSQL cluster of one test's own, which the test may crash and start again (the shared test stack's must keep
 * running for every other test). Same binaries and start as the stack's (`startPostgres` of @pm/infra: as root the
 * server runs as an unprivileged system user), but **durable** (fsync and synchronous commit on, as in production): a
 * test that crashes the server asserts that every commit it acknowledged survives, which a cluster without synchronous
 * commit would not promise.
 */
export class PrivatePostgres {
  private running: RunningPostgres | undefined;

  private constructor(
    readonly port: number,
    private readonly password: string,
    private readonly workDir: string,
  ) {}

  /** A fresh cluster on a free port (tried three times: the port may be taken before the server binds it). */
  static async start(): Promise<PrivatePostgres> {
    for (let attempt = 1; ; attempt++) {
      const postgres = new PrivatePostgres(await freePort(), randomBytes(12).toString('hex'), mkdtempSync(join(tmpdir(), 'pm-private-pg-')));
      try {
        await postgres.restart();
        return postgres;
      } catch (error) {
        await postgres.stop();
        if (attempt === 3) throw error;
      }
    }
  }

  /** The `pm` database's URL (the one `startPostgres` provisions). */
  get url(): string {
    return this.running?.url ?? `postgres://postgres:${this.password}@127.0.0.1:${this.port}/pm`;
  }

  /** Starts the server (again) on the same port and data: after `stopImmediately`, it recovers from its WAL. */
  async restart(): Promise<void> {
    if (this.running?.process.running) return;
    this.running = await startPostgres({
      major: readVersions().postgresMajor,
      // initdb wants an empty directory: the cluster and the log side by side.
      dataDir: join(this.workDir, 'data'),
      logFile: join(this.workDir, 'postgres.log'),
      port: this.port,
      password: this.password,
      database: 'pm',
      durable: true,
    });
  }

  /**
   * `pg_ctl stop -m immediate`: the postmaster and every backend quit at once, no checkpoint, open transactions lost,
   * as in a crash (the next start replays the WAL). Run as the cluster's owner (pg_ctl refuses root); waits for the exit.
   */
  async stopImmediately(): Promise<void> {
    const running = this.running;
    if (!running?.process.running) return;
    const owner = statSync(running.dataDir);
    await run(join(postgresBinDir(readVersions().postgresMajor), 'pg_ctl'), ['stop', '-m', 'immediate', '-D', running.dataDir], {
      // As root the cluster belongs to the system user startPostgres runs it as; otherwise to us.
      ...(process.getuid?.() === 0 ? { uid: owner.uid, gid: owner.gid } : {}),
      timeout: 30_000,
    });
    await running.process.exited;
  }

  /** Stops the server and deletes its cluster. */
  async stop(): Promise<void> {
    const running = this.running;
    this.running = undefined;
    await running?.process.stop();
    if (running) rmSync(running.dataDir, { recursive: true, force: true });
    rmSync(this.workDir, { recursive: true, force: true });
  }
}
