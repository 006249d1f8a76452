import { type NativeConnection, Worker, type WorkerOptions } from '@temporalio/worker';
import { createActivities, type InvoiceApprovalActivityDeps } from '../invoice-approval/invoice-approval.activities.js';
import { webpackConfigHook, workflowsPath } from './workflows-path.js';

export interface CreateWorkerOptions {
  connection: NativeConnection;
  namespace: string;
  taskQueue: string;
  deps: InvoiceApprovalActivityDeps;
  /** A pre-built bundle skips webpack; tests that start several workers bundle once. */
  workflowBundle?: WorkerOptions['workflowBundle'];
}

/** The one place that decides what a worker serves, shared by the process entry point and the integration tests. */
export async function createWorker({ connection, namespace, taskQueue, deps, workflowBundle }: CreateWorkerOptions): Promise<Worker> {
  return Worker.create({
    connection,
    namespace,
    taskQueue,
    ...(workflowBundle ? { workflowBundle } : { workflowsPath, bundlerOptions: { webpackConfigHook } }),
    activities: { ...createActivities(deps) },
    // In-flight activities get this long to finish on SIGTERM before they are cancelled and retried elsewhere.
    shutdownGraceTime: '20 seconds',
  });
}
