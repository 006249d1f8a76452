import { freePort, PrivateNats } from '@pm/testing';
import sharedSetup from '@pm/testing/global-setup';
import sharedTeardown from '@pm/testing/global-teardown';
import { platformSettingsVariable, startPlatformServices, type PlatformServices } from './platform-services.ts';

/*
 * Relative imports end in .ts: jest loads a global setup outside its module registry (no moduleNameMapper), and
 * Node runs this file with its types stripped.
 */

const key = Symbol.for('@pm/bff/test-platform');
type Running = { services: PlatformServices; nats: PrivateNats; onSignal: (signal: NodeJS.Signals) => void };
type WithPlatform = typeof globalThis & { [key]?: Running };

/**
 * Jest globalSetup of the BFF's integration project: the test infrastructure (@pm/testing's shared setup), then the
 * five services once for the whole jest invocation (each shard of the BFF pass is one) on a NATS server of their own,
 * which every test file's in-process BFF joins (start-test-platform.ts). Files are kept apart by their own accounts,
 * not their own services. Their settings go to the test workers as one environment variable (workers inherit
 * process.env).
 */
export default async function globalSetup(): Promise<void> {
  await sharedSetup();
  // A NATS server of their own: their queue groups and durable consumers have fixed names, and the other files of the
  // pass put their own service, or stand-ins answering its subjects, on the stack's NATS.
  const nats = await PrivateNats.start().catch(async (error: unknown) => {
    // Jest skips globalTeardown when the setup fails: the infrastructure the shared setup started goes here.
    await sharedTeardown();
    throw error;
  });
  // No BFF listens here: every file's BFF has a port of its own, and the links in the services' e-mails are only read.
  const webUrl = `http://127.0.0.1:${await freePort()}`;
  const services = await startPlatformServices({ label: 'bff', natsUrl: nats.url, webUrl, assistantModels: 'none' }).catch(async (error: unknown) => {
    await nats.stop();
    await sharedTeardown();
    throw error;
  });
  // A run interrupted (Ctrl-C, or npm test's runner ending jest) never reaches globalTeardown; without this the
  // services would outlive jest.
  const onSignal = (signal: NodeJS.Signals): void => {
    services.killNow();
    void nats.stop();
    process.kill(process.pid, signal);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  (globalThis as WithPlatform)[key] = { services, nats, onSignal };
  process.env[platformSettingsVariable] = JSON.stringify(services.settings);
}

/** Stops what globalSetup started, for globalTeardown (same process, separately loaded module). */
export async function stopPlatformServices(): Promise<void> {
  const running = (globalThis as WithPlatform)[key];
  (globalThis as WithPlatform)[key] = undefined;
  if (running === undefined) return;
  process.off('SIGINT', running.onSignal);
  process.off('SIGTERM', running.onSignal);
  await running.services.stop();
  await running.nats.stop();
}
