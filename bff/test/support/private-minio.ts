import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, waitFor } from '@pm/testing';
import { Client } from 'minio';

/**
 * A MinIO of one test's own, which the test may stop in the middle of an upload (the shared stack's must keep
 * running for every other test). Same binary as the stack's, with its own data directory, credentials and bucket.
 */
export class PrivateMinio {
  private child: ChildProcess | undefined;
  readonly accessKey = `test${randomBytes(6).toString('hex')}`;
  readonly secretKey = randomBytes(18).toString('hex');
  readonly bucket = 'pm-private';

  private constructor(
    readonly port: number,
    private readonly consolePort: number,
    private readonly dataDir: string,
  ) {}

  static async start(): Promise<PrivateMinio> {
    const minio = new PrivateMinio(await freePort(), await freePort(), mkdtempSync(join(tmpdir(), 'pm-private-minio-')));
    const binary = join(process.env['PM_CACHE'] ?? join(homedir(), '.cache', 'pm-platform'), 'bin', 'minio');
    minio.child = spawn(
      binary,
      ['server', join(minio.dataDir, 'objects'), '--address', `127.0.0.1:${minio.port}`, '--console-address', `127.0.0.1:${minio.consolePort}`, '--certs-dir', join(minio.dataDir, 'certs')],
      { stdio: 'ignore', env: { ...process.env, MINIO_ROOT_USER: minio.accessKey, MINIO_ROOT_PASSWORD: minio.secretKey, MINIO_UPDATE: 'off' } },
    );
    await waitFor(async () => ((await fetch(`http://127.0.0.1:${minio.port}/minio/health/ready`).catch(() => undefined))?.ok ? true : undefined), {
      timeout: 60_000,
      description: 'private MinIO ready',
    });
    await minio.client().makeBucket(minio.bucket);
    return minio;
  }

  get endpoint(): string {
    return `127.0.0.1:${this.port}`;
  }

  client(): Client {
    return new Client({ endPoint: '127.0.0.1', port: this.port, useSSL: false, accessKey: this.accessKey, secretKey: this.secretKey });
  }

  /** Kills the server at once (as a crash or a lost node would), and waits for it to be gone. */
  async kill(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }

  async stop(): Promise<void> {
    await this.kill();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
