import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'minio';
import { httpOk } from '../health/http-probe.ts';
import { waitUntilReady } from '../health/wait-until-ready.ts';
import { ManagedProcess } from '../process/managed-process.ts';
import { requireBinary } from './require-binary.ts';

export interface MinioOptions {
  binDir: string;
  dataDir: string;
  logFile: string;
  port: number;
  consolePort: number;
  accessKey: string;
  secretKey: string;
  bucket: string;
}

export async function startMinio(options: MinioOptions): Promise<ManagedProcess> {
  const binary = requireBinary(options.binDir, 'minio');
  const objects = join(options.dataDir, 'objects');
  mkdirSync(objects, { recursive: true });
  const minio = await ManagedProcess.start({
    name: 'minio',
    command: binary,
    args: [
      'server', objects,
      '--address', `127.0.0.1:${options.port}`,
      '--console-address', `127.0.0.1:${options.consolePort}`,
      // Otherwise minio creates ~/.minio/certs: everything of ours stays inside the data dir.
      '--certs-dir', join(options.dataDir, 'certs'),
    ],
    env: {
      ...process.env,
      MINIO_ROOT_USER: options.accessKey,
      MINIO_ROOT_PASSWORD: options.secretKey,
      // The machines are offline: no update checks.
      MINIO_UPDATE: 'off',
    },
    logFile: options.logFile,
  });
  try {
    await waitUntilReady(() => httpOk(`http://127.0.0.1:${options.port}/minio/health/ready`), {
      what: `MinIO on 127.0.0.1:${options.port}`,
      timeoutMs: 60_000,
      process: minio,
    });
    await ensureBucket(options);
  } catch (error) {
    await minio.stop();
    throw error;
  }
  return minio;
}

async function ensureBucket(options: MinioOptions): Promise<void> {
  const client = new Client({
    endPoint: '127.0.0.1',
    port: options.port,
    useSSL: false,
    accessKey: options.accessKey,
    secretKey: options.secretKey,
  });
  if (await client.bucketExists(options.bucket)) return;
  try {
    await client.makeBucket(options.bucket);
  } catch (error) {
    if ((error as { code?: string }).code !== 'BucketAlreadyOwnedByYou') throw error;
  }
}
