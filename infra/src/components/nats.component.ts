import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { httpOk } from '../health/http-probe.ts';
import { waitUntilReady } from '../health/wait-until-ready.ts';
import { ManagedProcess } from '../process/managed-process.ts';
import { requireBinary } from './require-binary.ts';

export interface NatsOptions {
  binDir: string;
  dataDir: string;
  logFile: string;
  port: number;
  monitorPort: number;
  /** Dev streams are flushed to disk every second; throw-away test streams keep the server's lazy default. */
  durable: boolean;
}

export async function startNats(options: NatsOptions): Promise<ManagedProcess> {
  const binary = requireBinary(options.binDir, 'nats-server');
  mkdirSync(options.dataDir, { recursive: true });
  const configFile = join(options.dataDir, 'nats-server.conf');
  // Rewritten on every start so a port or store change in code reaches an existing data dir.
  writeFileSync(
    configFile,
    [
      'server_name: pm_local',
      `listen: "127.0.0.1:${options.port}"`,
      `http: "127.0.0.1:${options.monitorPort}"`,
      // NATS's 1 MB default, as in production: lists that grow are paged (packages/contracts/src/page.ts) and a
      // reply above the limit answers a clear error instead of timing out (RpcResponder).
      'max_payload: 1MB',
      'jetstream {',
      `  store_dir: ${JSON.stringify(join(options.dataDir, 'jetstream'))}`,
      `  sync_interval: ${options.durable ? '"1s"' : '"2m"'}`,
      '}',
      '',
    ].join('\n'),
  );
  const nats = await ManagedProcess.start({ name: 'nats', command: binary, args: ['-c', configFile], logFile: options.logFile });
  try {
    await waitUntilReady(() => httpOk(`http://127.0.0.1:${options.monitorPort}/healthz?js-enabled-only=true`), {
      what: `NATS JetStream on 127.0.0.1:${options.port}`,
      timeoutMs: 30_000,
      process: nats,
    });
  } catch (error) {
    await nats.stop();
    throw error;
  }
  return nats;
}
