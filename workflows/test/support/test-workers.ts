import { NativeConnection, type WorkflowBundleWithSourceMap } from '@temporalio/worker';
import { paymentsUnreachable } from '../../src/rent-charges/payments-over-nats.js';
import type { RentChargesPoster } from '../../src/rent-charges/rent-charges.activities.js';
import { createWorker } from '../../src/worker/create-worker.js';
import type { RecordingNotifier } from './recording-notifier.js';
import { waitFor } from './wait-for.js';

export interface RunningWorker {
  stop(): Promise<void>;
}

/**
 * Workers as the process runs them (createWorker, own connection, full shutdown: drain, stop, disconnect), so a
 * test can stop one completely and start a fresh one. stopAll() in afterEach leaves nothing polling.
 */
export class TestWorkers {
  private readonly running = new Set<RunningWorker>();

  constructor(
    private readonly address: string,
    private readonly namespace: string,
    private readonly bundle: WorkflowBundleWithSourceMap,
  ) {}

  async start(taskQueue: string, notifier: RecordingNotifier, name: string, payments: RentChargesPoster = paymentsUnreachable): Promise<RunningWorker> {
    const connection = await NativeConnection.connect({ address: this.address });
    const worker = await createWorker({
      connection,
      namespace: this.namespace,
      taskQueue,
      deps: { notifier: notifier.for(name), payments },
      workflowBundle: this.bundle,
    });
    const run = worker.run();
    await waitFor(`${name} to run`, () => worker.getState() === 'RUNNING');
    const handle: RunningWorker = {
      stop: async () => {
        this.running.delete(handle);
        if (worker.getState() === 'RUNNING') worker.shutdown();
        await run;
        await connection.close();
      },
    };
    this.running.add(handle);
    return handle;
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.running].map((worker) => worker.stop()));
  }
}
