import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  cachePaths,
  loadSecrets,
  plannedOrFreePorts,
  schemathesisExecutable,
  stackEnvKeys,
  type StackPorts,
  startStack,
  stripeMockExecutable,
  temporalTestServerExecutable,
  testPorts,
} from '@pm/infra';
import { dockerAnswers, startContainerStack } from './container-stack.ts';
import { currentTestStack, rememberTestStack } from './test-stack-handle.ts';

/*
 * Relative imports here end in .ts: jest loads global setup outside its module registry, so its own
 * moduleNameMapper (.js → source) does not apply; this file and its imports are not part of the built dist.
 */

function useExternalStack(): void {
  const missing = stackEnvKeys.filter((key) => !process.env[key]);
  if (missing.length > 0) {
    throw new Error(`PM_TEST_STACK=external but ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not set: run the tests through npm test`);
  }
  rememberTestStack({ origin: 'external', stop: async () => undefined });
}

async function choosePorts(): Promise<StackPorts> {
  return plannedOrFreePorts(testPorts, (busy) =>
    console.warn(`[testing] test ports in use (${busy.join(', ')}), probably another test run: using free ports`),
  );
}

/**
 * Jest globalSetup of every `integration` project: real PostgreSQL, NATS JetStream, MinIO, Temporal and a mail sink.
 * `npm test` starts one stack for the whole run and sets PM_TEST_STACK=external; a jest run on its own starts a
 * throw-away stack on the test ports (or containers with TEST_INFRA=containers). Test workers inherit process.env.
 */
export default async function globalSetup(): Promise<void> {
  // Whatever runs the stack, time-skipping workflow tests start their own Java test server from the local install.
  process.env['TEMPORAL_TEST_SERVER'] ??= temporalTestServerExecutable(cachePaths().bin);
  process.env['SCHEMATHESIS'] ??= schemathesisExecutable(cachePaths().schemathesisVenv);
  process.env['STRIPE_MOCK'] ??= stripeMockExecutable(cachePaths().bin);
  if (currentTestStack() !== undefined) return;
  if (process.env['PM_TEST_STACK'] === 'external') {
    useExternalStack();
    return;
  }
  const secrets = loadSecrets(cachePaths().secretsFile);
  if (process.env['TEST_INFRA'] === 'containers') {
    if (await dockerAnswers()) {
      const containers = await startContainerStack(secrets);
      Object.assign(process.env, containers.env);
      rememberTestStack({ origin: 'containers', stop: containers.stop });
      return;
    }
    console.warn('[testing] TEST_INFRA=containers but no Docker engine answers: starting the local binaries instead');
  }
  const stack = await startStack({
    dataDir: mkdtempSync(join(tmpdir(), 'pm-test-')),
    ports: await choosePorts(),
    secrets,
    durable: false,
    ephemeral: true,
  });
  // An interrupted run (Ctrl-C) never reaches globalTeardown; without this the servers would outlive jest.
  const killOnSignal = (signal: NodeJS.Signals): void => {
    stack.killNow();
    process.kill(process.pid, signal);
  };
  process.once('SIGINT', killOnSignal);
  process.once('SIGTERM', killOnSignal);
  Object.assign(process.env, stack.env);
  rememberTestStack({
    origin: 'local',
    stop: async () => {
      process.off('SIGINT', killOnSignal);
      process.off('SIGTERM', killOnSignal);
      await stack.stop();
    },
  });
}
