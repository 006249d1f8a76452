import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { appPorts, e2ePorts } from '@pm/infra';

export interface RunningPlatform {
  pid: number;
  log: string;
}

const startTimeoutMs = 240_000;
const root = resolve(import.meta.dirname, '../../../..');

/**
 * Starts the whole platform for browser journeys through the same orchestrator as `npm start`, in its e2e profile
 * (own ports, throw-away data, web app served by the BFF), and exports where it answers.
 */
export default async function startPlatform(): Promise<void> {
  const log = join(mkdtempSync(join(tmpdir(), 'pm-e2e-log-')), 'platform.log');
  const out = createWriteStream(log);
  const orchestrator = spawn(process.execPath, [join(root, 'infra', 'src', 'dev.ts')], {
    cwd: root,
    env: { ...process.env, PM_PROFILE: 'e2e', LOG_LEVEL: process.env['E2E_LOG_LEVEL'] ?? 'warn', NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  orchestrator.stdout.pipe(out);
  orchestrator.stderr.pipe(out);
  const running: RunningPlatform = { pid: orchestrator.pid!, log };
  (globalThis as { __pmPlatform?: RunningPlatform }).__pmPlatform = running;

  await new Promise<void>((ready, fail) => {
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
  const offset = 20_000;
  process.env['E2E_BASE_URL'] = `http://127.0.0.1:${appPorts.bff + offset}`;
  process.env['E2E_MAIL_API_URL'] = `http://127.0.0.1:${e2ePorts.mailWeb}`;
  process.env['E2E_PLATFORM_LOG'] = log;
}
