import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { bundleWorkflowCode, DefaultLogger, Runtime, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import { RentCharges, query, startWorkflow, workflowHandle } from '@pm/workflow-contracts';
import { RecordingNotifier } from '../../test/support/recording-notifier.js';
import { TestWorkers } from '../../test/support/test-workers.js';
import { startTimeSkippingEnvironment } from '../../test/support/time-skipping-env.js';
import { waitFor } from '../../test/support/wait-for.js';
import { webpackConfigHook, workflowsPath } from '../worker/workflows-path.js';
import type { RentChargesPoster } from './rent-charges.activities.js';

// The rent clock's hourly timer on Temporal's time-skipping test server: days pass in seconds (and a loaded machine
// stretches those seconds: the tests' own waits bound them, not jest's default 5 s).
const HOUR_MS = 60 * 60 * 1000;
jest.setTimeout(120_000);

/** A payments service that records each run's time, failing the first `failures` asks (a restart, a deploy). */
class RecordingPayments implements RentChargesPoster {
  readonly runs: Date[] = [];
  constructor(private failures = 0) {}
  async postDue(asOf: Date): Promise<{ units: number; posted: number }> {
    if (this.failures > 0) {
      this.failures--;
      throw new Error('payments is restarting');
    }
    this.runs.push(asOf);
    return { units: 3, posted: this.runs.length === 1 ? 3 : 0 };
  }
}

describe('rentChargesWorkflow, with time skipping', () => {
  let env: TestWorkflowEnvironment;
  let workers: TestWorkers;

  beforeAll(async () => {
    Runtime.install({ logger: new DefaultLogger('WARN') });
    env = await startTimeSkippingEnvironment();
    const bundle: WorkflowBundleWithSourceMap = await bundleWorkflowCode({ workflowsPath, webpackConfigHook, logger: new DefaultLogger('WARN') });
    workers = new TestWorkers(env.address, env.namespace ?? 'default', bundle);
  }, 90_000);

  afterEach(async () => {
    await workflowHandle(env.client, RentCharges, undefined).terminate('test over').catch(() => undefined);
    await workers.stopAll();
  });

  afterAll(async () => {
    await env?.teardown();
  });

  it('asks payments to post what is due at once and then every interval, and continues as new with the same clock', async () => {
    const taskQueue = `rent-charges-test-${randomUUID()}`;
    const payments = new RecordingPayments();
    await workers.start(taskQueue, new RecordingNotifier(), 'worker', payments);
    const workflowId = await startWorkflow(env.client, RentCharges, { intervalMs: HOUR_MS, runsPerHistory: 3 }, { taskQueue });
    expect(workflowId).toBe('rent-charges');
    const firstRun = (await workflowHandle(env.client, RentCharges, undefined).describe()).runId;
    await waitFor('the first run', () => payments.runs.length === 1);
    // The activity has answered; the workflow records its result a moment later.
    const status = async () => query(env.client, RentCharges, undefined, RentCharges.queries.status);
    await waitFor('the first run recorded', async () => (await status()).runs === 1);
    expect(await status()).toMatchObject({ runs: 1, last: { units: 3, posted: 3 } });

    await env.sleep(5 * HOUR_MS + 60_000);
    await waitFor('six runs', () => payments.runs.length >= 6);
    const gaps = payments.runs.slice(1, 6).map((at, i) => at.getTime() - payments.runs[i]!.getTime());
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(HOUR_MS);
    // Three runs per history: the run that answers now is a later one, continued as new under the same id.
    const description = await workflowHandle(env.client, RentCharges, undefined).describe();
    expect(description.status.name).toBe('RUNNING');
    expect(description.runId).not.toBe(firstRun);
  });

  it('rides out payments being down: the run is retried until it answers, not skipped', async () => {
    const taskQueue = `rent-charges-test-${randomUUID()}`;
    const payments = new RecordingPayments(3);
    await workers.start(taskQueue, new RecordingNotifier(), 'worker', payments);
    await startWorkflow(env.client, RentCharges, { intervalMs: HOUR_MS, runsPerHistory: 10 }, { taskQueue });
    await env.sleep(10 * 60_000);
    await waitFor('the run after three failures', () => payments.runs.length === 1);
    expect(await query(env.client, RentCharges, undefined, RentCharges.queries.status)).toMatchObject({ runs: 1 });
  });
});
