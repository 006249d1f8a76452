import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { httpOk } from '../health/http-probe.ts';
import { waitUntilReady } from '../health/wait-until-ready.ts';
import { ManagedProcess } from '../process/managed-process.ts';

export interface StripeSandboxOptions {
  dataDir: string;
  logFile: string;
  port: number;
  /**
   * Where the sandbox posts its signed webhooks: the payments service's `POST /stripe/webhook`, once for the platform's
   * events and once for the connected accounts' (each endpoint its own secret, as Stripe has them). None: events are
   * kept in the sandbox (its /v1/events) and delivered nowhere.
   */
  webhooks?: { url: string; secret: string; connectSecret: string };
  /** How long an ACH debit stays processing before it settles (default: the sandbox's). */
  achSettleAfterMs?: number;
}

/** The workspace's build of packages/stripe-sandbox (the package exports its API, not its CLI). */
const sandboxMain = resolve(import.meta.dirname, '../../../packages/stripe-sandbox/dist/main.js');

/** The local Stripe (@pm/stripe-sandbox, built with the workspace): state in `<dataDir>/stripe`, bound to 127.0.0.1. */
export async function startStripeSandbox(options: StripeSandboxOptions): Promise<ManagedProcess> {
  mkdirSync(options.dataDir, { recursive: true });
  const endpoints = options.webhooks
    ? [
        { url: options.webhooks.url, secret: options.webhooks.secret },
        { url: options.webhooks.url, secret: options.webhooks.connectSecret, connect: true },
      ]
    : [];
  const sandbox = await ManagedProcess.start({
    name: 'stripe',
    command: process.execPath,
    args: [
      sandboxMain,
      '--port', String(options.port),
      '--data-dir', options.dataDir,
      '--webhooks', JSON.stringify(endpoints),
      ...(options.achSettleAfterMs === undefined ? [] : ['--ach-settle-after-ms', String(options.achSettleAfterMs)]),
    ],
    logFile: options.logFile,
  });
  try {
    await waitUntilReady(() => httpOk(`http://127.0.0.1:${options.port}/_sandbox/clock`), {
      what: `Stripe sandbox on 127.0.0.1:${options.port}`,
      timeoutMs: 30_000,
      process: sandbox,
    });
  } catch (error) {
    await sandbox.stop();
    throw error;
  }
  return sandbox;
}
