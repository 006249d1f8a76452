import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { httpOk } from '../health/http-probe.ts';
import { waitUntilReady } from '../health/wait-until-ready.ts';
import { ManagedProcess } from '../process/managed-process.ts';

export interface MailSinkOptions {
  dataDir: string;
  logFile: string;
  smtpPort: number;
  webPort: number;
}

const maildevBin = join(dirname(createRequire(import.meta.url).resolve('maildev/package.json')), 'bin', 'maildev');

/** maildev catches every message sent to it (no outgoing relay is configured) and shows it in a web UI and REST API. */
export async function startMailSink(options: MailSinkOptions): Promise<ManagedProcess> {
  const mailDir = join(options.dataDir, 'mail');
  mkdirSync(mailDir, { recursive: true });
  const maildev = await ManagedProcess.start({
    name: 'mail',
    command: process.execPath,
    args: [
      maildevBin,
      '--smtp', String(options.smtpPort),
      '--web', String(options.webPort),
      '--ip', '127.0.0.1',
      '--web-ip', '127.0.0.1',
      '--mail-directory', mailDir,
    ],
    logFile: options.logFile,
  });
  try {
    await waitUntilReady(() => httpOk(`http://127.0.0.1:${options.webPort}/healthz`), {
      what: `mail sink on 127.0.0.1:${options.webPort}`,
      timeoutMs: 30_000,
      process: maildev,
    });
  } catch (error) {
    await maildev.stop();
    throw error;
  }
  return maildev;
}
