import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { tcpOpen } from '../health/tcp-probe.ts';
import { waitUntilReady } from '../health/wait-until-ready.ts';
import { ManagedProcess } from '../process/managed-process.ts';
import { temporalTestServerExecutable } from './temporal-test-server.ts';

const run = promisify(execFile);

export interface TemporalOptions {
  binDir: string;
  dataDir: string;
  logFile: string;
  port: number;
  uiPort: number;
  namespace: string;
}

export interface RunningTemporal {
  process: ManagedProcess;
  /** False on the Java fallback, which has no web UI and keeps workflows in memory only. */
  hasUi: boolean;
}

export async function startTemporal(options: TemporalOptions): Promise<RunningTemporal> {
  const cli = join(options.binDir, 'temporal');
  const hasCli = existsSync(cli);
  // The Java test server stands in when the CLI could not be built: in memory only, no UI.
  const testServer = temporalTestServerExecutable(options.binDir);
  if (!hasCli && !existsSync(testServer)) {
    throw new Error(`neither ${cli} nor ${testServer} is installed: run node infra/src/install.ts`);
  }
  mkdirSync(options.dataDir, { recursive: true });
  const temporal = hasCli
    ? await ManagedProcess.start({
        name: 'temporal',
        command: cli,
        args: [
          'server', 'start-dev',
          '--ip', '127.0.0.1',
          '--port', String(options.port),
          '--ui-port', String(options.uiPort),
          // A SQLite file, so workflows (durable timers included) survive a restart of the platform.
          '--db-filename', join(options.dataDir, 'temporal.db'),
          '--namespace', options.namespace,
          '--log-level', 'warn',
        ],
        logFile: options.logFile,
      })
    : await ManagedProcess.start({
        name: 'temporal',
        command: testServer,
        args: [String(options.port)],
        logFile: options.logFile,
      });
  try {
    await waitUntilReady(
      async () => {
        if (!(await tcpOpen('127.0.0.1', options.port))) return false;
        if (!hasCli) return true;
        // An open port is not enough: the frontend accepts connections before its services are registered.
        const { stdout } = await run(cli, ['operator', 'cluster', 'health', '--address', `127.0.0.1:${options.port}`], {
          timeout: 5_000,
        });
        return stdout.includes('SERVING');
      },
      { what: `Temporal on 127.0.0.1:${options.port}`, timeoutMs: 90_000, intervalMs: 500, process: temporal },
    );
  } catch (error) {
    await temporal.stop();
    throw error;
  }
  return { process: temporal, hasUi: hasCli };
}
