import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { httpOk } from '../health/http-probe.ts';
import { waitUntilReady } from '../health/wait-until-ready.ts';
import { ManagedProcess } from '../process/managed-process.ts';

export interface PaddleSandboxOptions {
  dataDir: string;
  logFile: string;
  port: number;
  /**
   * Where the sandbox posts its signed notifications: the payments service's `POST /paddle/webhook`, with the
   * destination's secret key (Paddle's notification setting). None: events are kept (its /_sandbox/events) and sent
   * nowhere.
   */
  webhook?: { url: string; secret: string };
}

/** The workspace's build of packages/paddle-sandbox (the package exports its API; this is its CLI). */
const sandboxMain = resolve(import.meta.dirname, '../../../packages/paddle-sandbox/dist/main.js');

/**
 * The local Paddle Billing (@pm/paddle-sandbox, built with the workspace), which sells the platform's plans under npm
 * start and the browser journeys: state in `<dataDir>`, bound to 127.0.0.1. Its catalog is the spec's pricing table;
 * payments finds each plan's price there by the price's `custom_data.plan`.
 */
export async function startPaddleSandbox(options: PaddleSandboxOptions): Promise<ManagedProcess> {
  mkdirSync(options.dataDir, { recursive: true });
  const sandbox = await ManagedProcess.start({
    name: 'paddle',
    command: process.execPath,
    args: [
      sandboxMain,
      '--port', String(options.port),
      '--data-dir', options.dataDir,
      ...(options.webhook ? ['--webhook-url', options.webhook.url, '--webhook-secret', options.webhook.secret] : []),
    ],
    logFile: options.logFile,
  });
  try {
    await waitUntilReady(() => httpOk(`http://127.0.0.1:${options.port}/_sandbox/clock`), {
      what: `Paddle sandbox on 127.0.0.1:${options.port}`,
      timeoutMs: 30_000,
      process: sandbox,
    });
  } catch (error) {
    await sandbox.stop();
    throw error;
  }
  return sandbox;
}
